import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { readerOfVocabulary, vocabularyOf } from '../test-support/reader';
import { buildVocabulary } from './build';
import { matchTemplate } from './templates';

const vocabulary = buildVocabulary(corpusMap('bundled:hello-world'));
const entry = (name: string) => {
  const found = vocabulary.relationships.find((candidate) => candidate.relationship.name === name);
  if (!found) throw new Error(name);
  return found;
};
const phrases = (name: string, kind: string) =>
  entry(name)
    .forms.filter((form) => form.kind === kind && !form.fromConcept && !form.derived)
    .map((form) => form.words.join(' '));

describe('vocabulary', () => {
  it('inflects relationship names and keeps their question shapes', () => {
    expect(phrases('lives in', 'full')).toEqual(expect.arrayContaining(['lives in', 'live in', 'living in', 'lived in']));
    expect(phrases('lives in', 'bare')).toEqual(expect.arrayContaining(['live', 'lives']));
    expect(phrases('is aged', 'full')).toEqual(expect.arrayContaining(['is aged', 'are aged', 'was aged']));
    expect(phrases('is aged', 'split')).toEqual(['aged']);
    expect(phrases('has lived in', 'split')).toEqual(['lived in']);
    expect(phrases('national language', 'noun')).toEqual(['national language', 'national languages']);
    expect(entry('national language').nounLike).toBe(true);
  });

  it("names a relationship by its object concept's noun as well, marked as such", () => {
    const fromConcept = entry('national language')
      .forms.filter((form) => form.fromConcept && !form.derived)
      .map((form) => `${form.kind} ${form.words.join(' ')}`);
    expect(fromConcept).toEqual(['noun language', 'noun languages']);
    expect(
      entry('lives in')
        .forms.filter((form) => form.fromConcept && !form.derived)
        .map((form) => form.words.join(' ')),
    ).toEqual(['country', 'countries']);
  });

  it('takes the verbs of question forms as more ways to say the relationship, but never a lone do, be, have or get', () => {
    const own = vocabularyOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="runner" type="string" />
  <concept name="laps" type="number" />
  <concept name="prize" type="string" />
  <rel name="lap count" subject="runner" object="laps" plural="false">
    <secondFormObject>How many laps has %S done?</secondFormObject>
  </rel>
  <rel name="has received" subject="runner" object="prize" plural="true">
    <firstForm>Has %S been given %O?</firstForm>
    <secondFormSubject>Who has won %O?</secondFormSubject>
  </rel>
</rbl:kb>`);
    const forms = (name: string) =>
      own.relationships.find((candidate) => candidate.relationship.name === name)?.forms.map((form) => form.words.join(' ')) ?? [];
    expect(forms('lap count')).not.toEqual(expect.arrayContaining(['does']));
    expect(forms('lap count')).not.toEqual(expect.arrayContaining(['done']));
    expect(forms('has received')).toEqual(expect.arrayContaining(['won', 'wins', 'was given', 'given']));
  });

  it('names a concept called "<noun> type" by its noun too, unless another concept has that name', () => {
    const own = vocabularyOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="bike" type="string" />
  <concept name="frame type" type="string" />
  <concept name="wheel" type="string" />
  <concept name="wheel kind" type="string" />
  <rel name="is built on" subject="bike" object="frame type" plural="false" />
  <rel name="rolls on" subject="bike" object="wheel kind" plural="false" />
</rbl:kb>`);
    const forms = (name: string) =>
      own.relationships.find((candidate) => candidate.relationship.name === name)?.forms.map((form) => form.words.join(' ')) ?? [];
    expect(forms('is built on')).toEqual(expect.arrayContaining(['frame type', 'frame', 'frames']));
    expect(own.conceptWords.get('frame')).toBe('frame type');
    expect(own.conceptWords.get('frames')).toBe('frame type');
    expect(own.conceptWords.get('wheel')).toBe('wheel');
    expect(own.conceptWords.get('wheel kind')).toBe('wheel kind');
  });

  it("takes an abbreviation in capitals from one relationship's question forms as a noun for it, never one several share", () => {
    const own = vocabularyOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="car" type="string" />
  <concept name="number" type="number" />
  <rel name="fuel economy" subject="car" object="number" plural="false">
    <secondFormObject>What is the fuel economy of %S, in MPG?</secondFormObject>
  </rel>
  <rel name="top speed" subject="car" object="number" plural="false">
    <secondFormObject>What is the top speed of %S, in MPH (not KPH)?</secondFormObject>
  </rel>
  <rel name="cruising speed" subject="car" object="number" plural="false">
    <secondFormObject>At how many MPH does %S cruise?</secondFormObject>
  </rel>
</rbl:kb>`);
    const forms = (name: string) =>
      own.relationships.find((candidate) => candidate.relationship.name === name)?.forms.map((form) => form.words.join(' ')) ?? [];
    expect(forms('fuel economy')).toContain('mpg');
    expect(forms('top speed')).toContain('kph');
    // "MPH" is in the forms of two relationships: a cue for neither.
    expect(forms('top speed')).not.toContain('mph');
    expect(forms('cruising speed')).not.toContain('mph');
  });

  it("takes WordNet's other nouns for a concept only where they name one concept and the map does not use them", () => {
    const map = (concepts: string) => {
      return vocabularyOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="order" type="string" />
  ${concepts}
  <rel name="contains" subject="order" object="flower" plural="true" />
</rbl:kb>`);
    };
    const one = map('<concept name="flower" type="string" />');
    expect(one.conceptWords.get('blooms')).toBe('flower');
    expect(
      one.relationships[0].forms.filter((form) => form.derived === 'synonym' && form.fromConcept).map((form) => form.words.join(' ')),
    ).toEqual(expect.arrayContaining(['bloom', 'blooms']));
    // "bloom" is a noun for a flower and for a blossom: with both concepts it stands for neither.
    const two = map('<concept name="flower" type="string" /><concept name="blossom" type="string" />');
    expect(two.conceptWords.get('bloom')).toBeUndefined();
  });

  it('reads question forms backwards, extracting S and O', () => {
    const [template] = entry('lives in').templates;
    const words = 'which country does sofia lindqvist live in'.split(' ');
    expect(matchTemplate(template.words, words)).toEqual({ S: [3, 5] });
    const firstForm = entry('took lessons in').templates.find((candidate) => candidate.form === 'firstForm');
    expect(matchTemplate(firstForm?.words ?? [], 'has ada taken lessons in french'.split(' '))).toEqual({ S: [1, 2], O: [5, 6] });
    // A trailing aside may be left out: "How old is %S, in years?"
    expect(entry('is aged').templates.some((candidate) => matchTemplate(candidate.words, 'how old is ada'.split(' ')))).toBe(true);
  });

  it('matches instance names case-insensitively, forgiving typos by length', () => {
    const countries = new Set(['country']);
    expect(vocabulary.instances.lookup(['FRANCE'.toLowerCase()], countries)?.entry.name).toBe('France');
    expect(vocabulary.instances.lookup(['frnace'], countries)).toMatchObject({ entry: { name: 'France' }, distance: 1 });
    // Under five letters: exact only ("Ada" is not "Adx").
    expect(vocabulary.instances.lookup(['adx'], new Set(['person']))).toBeUndefined();
    // Two typos are too many below ten letters.
    expect(vocabulary.instances.lookup(['frnacee'], countries)).toBeUndefined();
    // Everyday words never match a name by typo.
    expect(vocabulary.instances.lookup(['whales'])).toMatchObject({ entry: { name: 'Wales' } });
    expect(vocabulary.instances.lookup(['lives'])).toBeUndefined();
  });

  it('never reads the concept noun after a name as a typo of a longer name ("the Off Peak plan")', () => {
    const plans = vocabularyOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="climber" type="string" />
  <concept name="membership plan" type="string" />
  <rel name="subscribes to" subject="climber" object="membership plan" plural="false" askable="all">
    <firstForm>Does %S subscribe to the %O plan?</firstForm>
    <secondFormSubject>Who subscribes to the %O plan?</secondFormSubject>
  </rel>
  <concinst name="Ann" type="climber" />
  <concinst name="Off Peak" type="membership plan" />
  <concinst name="Off Peak Plus" type="membership plan" />
</rbl:kb>`);
    expect(plans.instances.lookup(['off', 'peak', 'plan'], new Set(['membership plan']))).toBeUndefined();
    // A real typo of the same shape still finds the name.
    expect(plans.instances.lookup(['off', 'peak', 'pluss'], new Set(['membership plan']))?.entry.name).toBe('Off Peak Plus');
    const got = readerOfVocabulary(plans)('Which climbers subscribe to the Off Peak plan?');
    expect(got).toMatchObject({ kind: 'query', query: { relationship: 'subscribes to', object: 'Off Peak' } });
  });

  it('allows two typos from ten letters, and finds names spelt apart', () => {
    const benefits = buildVocabulary(corpusMap('benefits'));
    expect(benefits.instances.lookup(['housng', 'supprt'], new Set(['benefit']))?.entry.name).toBe('Housing Support');
    const triage = buildVocabulary(corpusMap('triage'));
    expect(triage.instances.lookup(['inc', '101'])?.entry.name).toBe('INC-101');
  });

  it('derives nouns, verbs, synonyms and periods the map does not spell out, marked derived and kept out of its words', () => {
    const bakery = buildVocabulary(corpusMap('bakery'));
    const derived = (name: string): string[] =>
      (bakery.relationships.find((candidate) => candidate.relationship.name === name)?.forms ?? [])
        .filter((form) => form.derived)
        .map((form) => `${form.kind} ${form.words.join(' ')}`);
    // A verb that is also the noun of its amount, and the verb of a noun's sense.
    expect(derived('costs')).toEqual(expect.arrayContaining(['noun cost', 'noun price']));
    expect(derived('total charge')).toEqual(expect.arrayContaining(['noun total price', 'noun cost', 'full cost', 'full costs']));
    // Periods, counts, the action's noun before a generic head, agent nouns, synonyms of verbs.
    expect(derived('weekly fee')).toEqual(expect.arrayContaining(['noun fee per week', 'noun per week', 'full costs a week']));
    expect(derived('number of loaves')).toEqual(expect.arrayContaining(['noun loaves', 'noun loaf count']));
    expect(derived('is baked on')).toEqual(expect.arrayContaining(['noun baking day', 'noun baking weekday']));
    expect(derived('is delivered by')).toEqual(expect.arrayContaining(['noun delivery method', 'noun shipping method', 'full ships']));
    expect(derived('is supplied by')).toEqual(expect.arrayContaining(['noun supplier', 'noun provider', 'full is provided by']));
    expect(derived('delivery date')).toEqual(expect.arrayContaining(['split delivered', 'split delivered on']));
    // Derived words are never typo targets or map words ("sent" must not become "spent").
    expect(bakery.mapWords.has('provided')).toBe(false);
    // A cost noun after another noun is a cost per that thing, a place verb has a location, a length its thing.
    const school = buildVocabulary(corpusMap('music-school'));
    const schoolDerived = (name: string): string[] =>
      (school.relationships.find((candidate) => candidate.relationship.name === name)?.forms ?? [])
        .filter((form) => form.derived)
        .map((form) => `${form.kind} ${form.words.join(' ')}`);
    expect(schoolDerived('term fee')).toEqual(expect.arrayContaining(['noun fee per term', 'noun price per term', 'full costs per term']));
    expect(schoolDerived('is held in')).toEqual(expect.arrayContaining(['noun location', 'noun venue']));
    expect(schoolDerived('lesson length')).toEqual(expect.arrayContaining(['noun lesson', 'noun lessons']));
    expect(schoolDerived('weekly practice hours')).toEqual(expect.arrayContaining(['full practises', 'full practise per week']));
    expect(schoolDerived('enrolled on')).toContain('noun enrolment date');
    // Where something was is no location: "was born in" gets none.
    const travel = buildVocabulary(corpusMap('travel'));
    const born = travel.relationships.find((candidate) => candidate.relationship.name === 'was born in');
    expect(born?.forms.some((form) => form.words.join(' ') === 'location')).toBe(false);
    expect(derived('lives in')).toEqual([]);
  });
});
