/**
 * Other wordings of a prompt under which a map's question form may match it: the same question with
 * a "get" or modal passive ("How does Bike 12 *get* collected?", "How *will* it *be* collected?" for
 * "How is %S collected?"), with a closing preposition the form leaves out ("…been training *for*?"),
 * and "how long" for "how many" of a unit of time ("How long has Biscuit been training?" for "How
 * many weeks has %S been training?"), a negative yes/no question for the positive one, and a closing
 * preposition of the form left out.
 */
import { basesOf, formsOf, looksLikeParticiple, MODALS } from '../text/inflect';
import { PER_WORDS } from '../text/synonyms';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import { sameAuxiliary } from '../vocabulary/templates';
import { FINITE_BE, TRAILING_FILLERS } from './lexicon';
import { UNIT_NAMES } from './unit-names';
import type { TemplateWord } from '../vocabulary/types';

/** Prompt words and, for each, the token it came from. */
export interface Wording {
  readonly words: readonly string[];
  readonly positions: readonly number[];
}

const DO_OR_MODAL = new Set(['do', 'does', 'did', 'will', 'would', 'can', 'could', 'should', 'may', 'might', 'must', 'shall']);
const PASSIVE_HELPERS = new Set(['get', 'gets', 'got', 'be', 'getting']);
const HAVE = new Set(['has', 'have', 'had']);
const TIME_UNITS = new Set(['seconds', 'minutes', 'hours', 'days', 'nights', 'weeks', 'months', 'years']);

/** "does S get V-ed" / "will S be V-ed" said as "is S V-ed". */
function plainPassive(wording: Wording): Wording | undefined {
  const { words, positions } = wording;
  const aux = words.findIndex((word) => DO_OR_MODAL.has(word));
  if (aux < 0) return undefined;
  const helper = words.findIndex(
    (word, index) => index > aux + 1 && PASSIVE_HELPERS.has(word) && looksLikeParticiple(words[index + 1] ?? ''),
  );
  if (helper < 0) return undefined;
  const keep = (_: unknown, index: number): boolean => index !== helper;
  return {
    words: words.map((word, index) => (index === aux ? 'is' : word)).filter(keep),
    positions: positions.filter(keep),
  };
}

/** "How many nights *has* Biscuit *been* booked in for?" said for the form's "…*is* %S booked in for?". */
function perfectPassive(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const { words, positions } = wording;
  const has = words.findIndex((word) => HAVE.has(word));
  const been = words.indexOf('been');
  if (has < 1 || been <= has + 1 || !looksLikeParticiple(words[been + 1] ?? '')) return undefined;
  if (!template.some((word) => 'literal' in word && FINITE_BE.has(word.literal))) return undefined;
  const keep = (_: unknown, index: number): boolean => index !== been;
  return { words: words.map((word, index) => (index === has ? 'is' : word)).filter(keep), positions: positions.filter(keep) };
}

/** The wording without a closing preposition the form does not have. */
function withoutClosingPreposition(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const last = wording.words[wording.words.length - 1];
  const end = template[template.length - 1];
  if (!last || !PREPOSITIONS.has(last) || ('literal' in end && end.literal === last)) return undefined;
  return { words: wording.words.slice(0, -1), positions: wording.positions.slice(0, -1) };
}

/** "Where is Order 3 being delivered?" for the form's "…being delivered *to*?": its closing preposition left out. */
function withClosingPreposition(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const end = template[template.length - 1];
  const last = wording.words[wording.words.length - 1];
  if (!end || !('literal' in end) || !PREPOSITIONS.has(end.literal) || last === undefined || last === end.literal) return undefined;
  const before = template[template.length - 2];
  // Only after the form's own last word, so the preposition closes the same verb.
  if (!before || !('literal' in before) || before.literal !== last) return undefined;
  const lastPosition = wording.positions[wording.positions.length - 1];
  return { words: [...wording.words, end.literal], positions: [...wording.positions, lastPosition] };
}

/** "how long" said for the form's "how many <unit of time>". */
function howLong(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const literal = (index: number): string | undefined => {
    const word = template[index];
    return word && 'literal' in word ? word.literal : undefined;
  };
  if (wording.words[0] !== 'how' || wording.words[1] !== 'long' || literal(0) !== 'how' || literal(1) !== 'many') return undefined;
  const unit = literal(2);
  if (unit === undefined || !TIME_UNITS.has(unit)) return undefined;
  return {
    words: ['how', 'many', unit, ...wording.words.slice(2)],
    positions: [wording.positions[0], wording.positions[1], wording.positions[1], ...wording.positions.slice(2)],
  };
}

const DO_WORDS = new Set(['do', 'does', 'did']);
const QUESTION_WORDS = new Set(['how', 'what', 'which', 'who', 'whom', 'where', 'when', 'why']);
const OTHER_AUXILIARIES = new Set([
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'will',
  'would',
  'can',
  'could',
  'should',
  'may',
  'might',
  'must',
  'shall',
]);

/** Adverbs said between a subject and its verb ("when did Sam *last* have…"). */
const VERB_ADVERBS = new Set([
  'last',
  'first',
  'next',
  'usually',
  'normally',
  'still',
  'already',
  'ever',
  'often',
  'also',
  'just',
  'recently',
]);

/**
 * An embedded question in statement order ("…tell me how many doses Rex *needs*") put back in the
 * form's question order ("how many doses *does* Rex *need*"): the form's "do" goes before the
 * subject and the verb after it is said in its base form.
 */
function questionOrder(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const at = template.findIndex(
    (word, index) =>
      'literal' in word && DO_WORDS.has(word.literal) && 'slot' in (template[index + 1] ?? {}) && 'literal' in (template[index + 2] ?? {}),
  );
  // Only after a question word ("how many doses Rex needs"): "Does %S have…" must not turn statements into questions.
  if (at < 1 || !QUESTION_WORDS.has(wording.words[0] ?? '')) return undefined;
  const aux = template[at];
  // "When did %S *last* have…": an adverb may stand between the subject and the verb.
  const adverb = template[at + 2];
  const verb = adverb && 'literal' in adverb && VERB_ADVERBS.has(adverb.literal) ? template[at + 3] : adverb;
  if (!verb) return undefined;
  if (!('literal' in aux) || !('literal' in verb)) return undefined;
  const { words, positions } = wording;
  // Already in question order with an auxiliary of its own ("When is Rex arriving?"): not embedded.
  if (words.length <= at || DO_WORDS.has(words[at]) || OTHER_AUXILIARIES.has(words[at])) return undefined;
  const said = words.findIndex((word, index) => index > at && word !== verb.literal && basesOf(word).includes(verb.literal));
  if (said < 0) return undefined;
  return {
    words: [...words.slice(0, at), aux.literal, ...words.slice(at, said), verb.literal, ...words.slice(said + 1)],
    positions: [...positions.slice(0, at), positions[at], ...positions.slice(at)],
  };
}

/**
 * Adverbs of a form a prompt may leave out and still ask the same: "When did Sam have a dive
 * medical?" asks for the latest one, as the form's "When did %S *last* have…" does. Never "first"
 * or "next", which pick another one than the plain question would.
 */
const OMITTABLE_ADVERBS = new Set(['last', 'recently', 'usually', 'normally', 'still', 'already', 'ever', 'also', 'just']);

/** "When did Samir have a dive medical?" for the form "When did %S *last* have a dive medical?": the form's adverb put back. */
function withFormAdverb(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const at = template.findIndex(
    (word, index) =>
      'literal' in word &&
      OMITTABLE_ADVERBS.has(word.literal) &&
      'slot' in (template[index - 1] ?? {}) &&
      'literal' in (template[index - 2] ?? {}) &&
      'literal' in (template[index + 1] ?? {}),
  );
  if (at < 2) return undefined;
  const adverb = (template[at] as { literal: string }).literal;
  const verb = (template[at + 1] as { literal: string }).literal;
  const { words, positions } = wording;
  if (words.includes(adverb)) return undefined;
  // The verb after the subject (which takes at least one word from where the form's slot opens).
  const said = words.findIndex((word, index) => index > at - 1 && word === verb);
  if (said < 0) return undefined;
  return {
    words: [...words.slice(0, said), adverb, ...words.slice(said)],
    positions: [...positions.slice(0, said), positions[said - 1], ...positions.slice(said)],
  };
}

/**
 * "*Isn't* Night Porter a strong beer?" for the form "Is %S a strong beer?": a yes/no question
 * asks the same with or without a "not" (the answer says which holds), so one "not" is left out
 * when the form opens with the auxiliary the prompt opens with and has no "not" of its own.
 */
function positiveQuestion(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const first = template[0];
  const opener = wording.words[0] ?? '';
  if (!first || !('literal' in first) || !(DO_WORDS.has(first.literal) || OTHER_AUXILIARIES.has(first.literal))) return undefined;
  if (!(DO_WORDS.has(opener) || OTHER_AUXILIARIES.has(opener))) return undefined;
  if (template.some((word) => 'literal' in word && word.literal === 'not')) return undefined;
  const nots = wording.words.flatMap((word, index) => (word === 'not' ? [index] : []));
  if (nots.length !== 1) return undefined;
  const keep = (_: unknown, index: number): boolean => index !== nots[0];
  return { words: wording.words.filter(keep), positions: wording.positions.filter(keep) };
}

/**
 * "(Could you tell me) which press Batch 31 *was* run through" for the form "Which press *was* %S
 * run through?": an embedded question keeps its auxiliary after the subject; it goes back before it.
 */
function auxiliaryBeforeSubject(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const at = template.findIndex(
    (word, index) => 'literal' in word && OTHER_AUXILIARIES.has(word.literal) && 'slot' in (template[index + 1] ?? {}),
  );
  if (at < 1 || !QUESTION_WORDS.has(wording.words[0] ?? '')) return undefined;
  if (template.slice(0, at).some((word) => 'slot' in word)) return undefined;
  const aux = template[at];
  if (!('literal' in aux)) return undefined;
  const { words, positions } = wording;
  if (words.length <= at || DO_WORDS.has(words[at]) || OTHER_AUXILIARIES.has(words[at])) return undefined;
  const said = words.findIndex((word, index) => index > at && (word === aux.literal || sameAuxiliary(word, aux.literal)));
  if (said < 0) return undefined;
  const keep = (_: unknown, index: number): boolean => index !== said;
  return {
    words: [...words.slice(0, at), words[said], ...words.slice(at).filter((_, index) => index + at !== said)],
    positions: [...positions.slice(0, at), positions[said], ...positions.slice(at).filter((_, index) => keep(_, index + at))],
  };
}

const FILLERS = TRAILING_FILLERS.map((phrase) => phrase.split(' ')).sort((a, b) => b.length - a.length);

/** "Which press was Batch 31 run through, *please*?": the wording without closing words that add nothing. */
function withoutTrailingFiller(wording: Wording, template: readonly TemplateWord[]): Wording {
  const { words } = wording;
  const filler = FILLERS.find(
    (phrase) => phrase.length < words.length && phrase.every((word, index) => words[words.length - phrase.length + index] === word),
  );
  if (!filler) return wording;
  const tail = template.slice(template.length - filler.length);
  if (
    filler.every((word, index) => {
      const written = tail[index];
      return written !== undefined && 'literal' in written && written.literal === word;
    })
  )
    return wording;
  return { words: words.slice(0, -filler.length), positions: wording.positions.slice(0, -filler.length) };
}

/**
 * "How *much food* does Ashby get?" for the form "How many grams of food does %S get…?": "how much"
 * and the form's counted noun ask for its amount in the form's unit.
 */
function howMuchOfUnit(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const literal = (index: number): string | undefined => {
    const word = template[index];
    return word && 'literal' in word ? word.literal : undefined;
  };
  if (literal(0) !== 'how' || literal(1) !== 'many' || literal(3) !== 'of') return undefined;
  const unit = literal(2);
  const noun = literal(4);
  const { words, positions } = wording;
  if (unit === undefined || noun === undefined || words[0] !== 'how' || words[1] !== 'much' || words[2] !== noun) return undefined;
  return {
    words: ['how', 'many', unit, 'of', ...words.slice(2)],
    positions: [positions[0], positions[1], positions[1], positions[1], ...positions.slice(2)],
  };
}

/** "…get *a* day?" for the form's "…get *each* day?": the rate's word is said as the form says it. */
function sameRateWord(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const words = [...wording.words];
  let changed = false;
  for (let index = 0; index + 1 < words.length; index++) {
    if (!PER_WORDS.includes(words[index])) continue;
    const at = template.findIndex(
      (word, place) =>
        'literal' in word &&
        PER_WORDS.includes(word.literal) &&
        word.literal !== words[index] &&
        (template[place + 1] as { literal?: string } | undefined)?.literal === words[index + 1],
    );
    const written = template[at];
    if (at < 0 || !written || !('literal' in written)) continue;
    words[index] = written.literal;
    changed = true;
  }
  return changed ? { words, positions: wording.positions } : undefined;
}

const literalAt = (template: readonly TemplateWord[], index: number): string | undefined => {
  const word = template[index];
  return word && 'literal' in word ? word.literal : undefined;
};

/**
 * "Is Max booked *in* for a Deshed?" for the form "Is %S booked for a %O?" when another form of the
 * same relationship says "booked in for" ("What is %S booked in for?"): the map itself says the two
 * ways alike, so a word one form puts between two words another form has side by side is left out
 * (or put in) to match.
 */
function siblingParticle(
  wording: Wording,
  template: readonly TemplateWord[],
  siblings: readonly (readonly TemplateWord[])[],
): Wording | undefined {
  const { words, positions } = wording;
  for (const sibling of siblings) {
    for (let at = 0; at + 2 < sibling.length; at++) {
      const [before, between, after] = [literalAt(sibling, at), literalAt(sibling, at + 1), literalAt(sibling, at + 2)];
      if (before === undefined || between === undefined || after === undefined || !PREPOSITIONS.has(after)) continue;
      const pairs = template.some((_, index) => literalAt(template, index) === before && literalAt(template, index + 1) === after);
      const triples = template.some(
        (_, index) =>
          literalAt(template, index) === before && literalAt(template, index + 1) === between && literalAt(template, index + 2) === after,
      );
      if (pairs && !triples) {
        const said = words.findIndex((word, index) => word === before && words[index + 1] === between && words[index + 2] === after);
        if (said >= 0) {
          const keep = (_: unknown, index: number): boolean => index !== said + 1;
          return { words: words.filter(keep), positions: positions.filter(keep) };
        }
      }
      if (triples && !pairs) {
        const said = words.findIndex((word, index) => word === before && words[index + 1] === after);
        if (said >= 0)
          return {
            words: [...words.slice(0, said + 1), between, ...words.slice(said + 1)],
            positions: [...positions.slice(0, said + 1), positions[said], ...positions.slice(said + 1)],
          };
      }
    }
  }
  return undefined;
}

/**
 * "How long is River Loop Long *in km*?" for the form "How long is %S, in kilometres?": a short unit
 * after a preposition is the form's written-out unit after the same preposition.
 */
function writtenOutUnit(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const words = [...wording.words];
  let changed = false;
  for (let index = 1; index < words.length; index++) {
    const names = Object.hasOwn(UNIT_NAMES, words[index]) ? UNIT_NAMES[words[index]] : undefined;
    if (!names || !PREPOSITIONS.has(words[index - 1])) continue;
    const at = template.findIndex(
      (_, place) => literalAt(template, place) === words[index - 1] && names.includes(literalAt(template, place + 1) ?? ''),
    );
    const written = literalAt(template, at + 1);
    if (at < 0 || written === undefined) continue;
    words[index] = written;
    changed = true;
  }
  return changed ? { words, positions: wording.positions } : undefined;
}

/**
 * "*What* instruments are kept in the Live Room?" for the form "Which instruments are kept in %S?":
 * "what" and "which" before the same noun ask the same question (and the other way round).
 */
function whatForWhich(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const form = literalAt(template, 0);
  const said = wording.words[0];
  if (form === said || (form !== 'which' && form !== 'what') || (said !== 'which' && said !== 'what')) return undefined;
  if (literalAt(template, 1) !== wording.words[1]) return undefined;
  return { words: [form, ...wording.words.slice(1)], positions: wording.positions };
}

/**
 * "Who *is supervising* Jo at the track?" for the form "Who supervises %S at the track?": the present
 * progressive said for the form's simple present after its question word.
 */
function progressiveForSimple(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const verb = literalAt(template, 1);
  const [wh, be, said] = wording.words;
  if (verb === undefined || !QUESTION_WORDS.has(wh ?? '') || literalAt(template, 0) !== wh) return undefined;
  if (!['is', 'are'].includes(be ?? '') || !said?.endsWith('ing')) return undefined;
  const matches = basesOf(verb).some((base) => {
    const forms = formsOf(base);
    return forms.third === verb && forms.gerund === said;
  });
  if (!matches) return undefined;
  return {
    words: [wh, verb, ...wording.words.slice(3)],
    positions: [wording.positions[0], wording.positions[2], ...wording.positions.slice(3)],
  };
}

/**
 * "Who *led* the job at Mill Cottage?" for the form "Who leads the job at %S?": the simple past said
 * for the form's simple present after its question word (the map holds one value, past or present).
 */
function pastForSimple(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const verb = literalAt(template, 1);
  const [wh, said] = wording.words;
  if (verb === undefined || said === undefined || !QUESTION_WORDS.has(wh ?? '') || literalAt(template, 0) !== wh) return undefined;
  if (said === verb || !basesOf(verb).some((base) => formsOf(base).third === verb && formsOf(base).past === said)) return undefined;
  return { words: [wh, verb, ...wording.words.slice(2)], positions: wording.positions };
}

/**
 * "Who is the Chair *of the club*?", tersely "Chair of the club?", for the form "Who is the club
 * %O?": a form closing on "the <noun> %O" also reads the value first and "of the <noun>" after it.
 */
function ofTheNoun(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const last = template.length - 1;
  const noun = literalAt(template, last - 1);
  const slot = template[last];
  if (!slot || !('slot' in slot) || noun === undefined || literalAt(template, last - 2) !== 'the') return undefined;
  const lead = template.slice(0, last - 2);
  if (!lead.every((word) => 'literal' in word)) return undefined;
  const leadWords = lead.map((word) => ('literal' in word ? word.literal : ''));
  const { words, positions } = wording;
  const of = words.length - 3;
  if (of < 1 || words[of] !== 'of' || words[of + 1] !== 'the' || words[of + 2] !== noun) return undefined;
  // The value after the form's own opening ("Who is the Chair…"), or alone ("Chair of the club?").
  const saidLead = leadWords.every((word, index) => words[index] === word) ? leadWords.length : 0;
  let from = saidLead;
  if (words[from] === 'the' || words[from] === 'a') from++;
  if (from >= of) return undefined;
  return {
    words: [...leadWords, 'the', noun, ...words.slice(from, of)],
    positions: [
      ...leadWords.map((_, index) => positions[saidLead > 0 ? index : of]),
      positions[of + 1],
      positions[of + 2],
      ...positions.slice(from, of),
    ],
  };
}

/**
 * "(Could you find out) who Kit should *be delivering* to" for the form "Who should %S deliver to?":
 * the progressive after a modal of the form says what its plain verb does.
 */
function modalProgressive(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const literals = template.flatMap((word) => ('literal' in word ? [word.literal] : []));
  const { words, positions } = wording;
  const be = words.findIndex(
    (word, index) => word === 'be' && index > 0 && MODALS.has(words[index - 1]) && literals.includes(words[index - 1]),
  );
  const gerund = words[be + 1];
  if (be < 0 || !gerund?.endsWith('ing') || literals.includes('be')) return undefined;
  const base = literals.find((literal) => formsOf(literal).gerund === gerund);
  if (base === undefined) return undefined;
  return {
    words: [...words.slice(0, be), base, ...words.slice(be + 2)],
    positions: [...positions.slice(0, be), positions[be + 1], ...positions.slice(be + 2)],
  };
}

/** The wording as said, then each other wording that may match `template` (`siblings`: the relationship's other forms). */
export function wordingsFor(
  given: Wording,
  template: readonly TemplateWord[],
  siblings: readonly (readonly TemplateWord[])[] = [],
): Wording[] {
  const said = withoutTrailingFiller(given, template);
  // Without its "not" first: a slot would otherwise take the "not" in with the name after it.
  const positive = positiveQuestion(said, template);
  const out: Wording[] = [...(positive ? [positive] : []), said, ...(said === given ? [] : [given])];
  for (const change of [
    plainPassive,
    (w: Wording) => perfectPassive(w, template),
    (w: Wording) => howLong(w, template),
    (w: Wording) => withoutClosingPreposition(w, template),
    (w: Wording) => withClosingPreposition(w, template),
    (w: Wording) => questionOrder(w, template),
    (w: Wording) => withFormAdverb(w, template),
    (w: Wording) => modalProgressive(w, template),
    (w: Wording) => ofTheNoun(w, template),
    (w: Wording) => auxiliaryBeforeSubject(w, template),
    (w: Wording) => howMuchOfUnit(w, template),
    (w: Wording) => sameRateWord(w, template),
    (w: Wording) => siblingParticle(w, template, siblings),
    (w: Wording) => writtenOutUnit(w, template),
    (w: Wording) => whatForWhich(w, template),
    (w: Wording) => progressiveForSimple(w, template),
    (w: Wording) => pastForSimple(w, template),
  ]) {
    for (const wording of [...out]) {
      const changed = change(wording);
      if (changed) out.push(changed);
    }
  }
  return out;
}
