/**
 * The families of the held-out evaluation (docs/nl.md, "Held-out evaluation"). Each family is a set
 * of templates written once, in terms of any relationship's shape (noun phrase, active verb,
 * passive, predicate), its concepts and instances — never in terms of a particular map. The
 * generator applies every family to every relationship of every held-out map.
 */
import type { InputValue } from '../../common/decision-api';
import type { KnowledgeMap, Relationship } from '../../engine';
import type { Expectation } from '../test-support/corpus';
import {
  ACTION_NOUNS,
  AGENT_NOUNS,
  article,
  COST_NOUNS,
  PERIOD_NOUNS,
  plural,
  PREPOSITIONS,
  SYNONYMS,
  verbOf,
  type Grammar,
} from './grammar';

/** One relationship of a map, with what the templates need. */
export interface Slot {
  readonly map: KnowledgeMap;
  readonly relationship: Relationship;
  readonly grammar: Grammar;
  /** The object concept's type. */
  readonly type: 'string' | 'number' | 'date' | 'truth';
  readonly subject: string;
  /** An instance of the object concept (string objects). */
  readonly object?: string;
  /** The concept nouns, lower case. */
  readonly subjectNoun: string;
  readonly objectNoun: string;
  /** Whether rules of the map conclude this relationship. */
  readonly inferred: boolean;
}

interface Generated {
  readonly family: string;
  readonly prompt: string;
  readonly expect: Expectation;
}

interface Family {
  readonly id: string;
  readonly description: string;
  readonly generate: (slot: Slot, others: readonly Slot[]) => readonly Generated[];
}

/** Participles that place their subject ("is *located* in", "is *based* at"): general English, the generator's own. */
const PLACING = new Set(['located', 'based', 'sited', 'situated', 'kept', 'stored', 'housed', 'moored', 'parked', 'stationed']);

const MONEY_WORDS = new Set(['money', 'pounds', 'amount', 'cost', 'price', 'income', 'spend', 'salary', 'fee']);
const NUMBER = 1250;
/** The year of the generated sets' clock (`test-support/generated.ts`): a date said without a year is in it. */
const HELD_OUT_YEAR = 2026;
const DATE = { text: '3 March 2025', iso: '2025-03-03', other: '2025-03-03' };

function ask(relationship: Relationship, subject?: string, object?: InputValue): Expectation {
  return {
    query: { relationship: relationship.name, ...(subject !== undefined ? { subject } : {}), ...(object !== undefined ? { object } : {}) },
  };
}

function fact(relationship: Relationship, subject: string, object: InputValue, certainty = 100) {
  return { subject, relationship: relationship.name, object, certainty };
}

function isMoney(slot: Slot): boolean {
  return (
    slot.type === 'number' &&
    [...slot.objectNoun.split(' '), ...slot.relationship.name.toLowerCase().split(' ')].some((word) => MONEY_WORDS.has(word))
  );
}

/** The value of a statement as said, and as it must be read. */
function value(slot: Slot): { said: string; read: InputValue } | undefined {
  switch (slot.type) {
    case 'string':
      return slot.object ? { said: slot.object, read: slot.object } : undefined;
    case 'number':
      return isMoney(slot) ? { said: '£1,250', read: NUMBER } : { said: '1,250', read: NUMBER };
    case 'date':
      return { said: DATE.text, read: DATE.iso };
    case 'truth':
      return undefined;
  }
}

/** The verb phrase of an active or predicate name in the third person ("commutes by", "is located in"). */
function statementVerb(slot: Slot): string | undefined {
  const g = slot.grammar;
  if (g.kind === 'active') return [g.tense === 'present' ? g.verb.third : g.verb.past, g.rest].filter(Boolean).join(' ');
  if (g.kind === 'passive') return `${g.be} ${g.verb.participle} by`;
  if (g.kind === 'predicate') return `${g.lead} ${g.rest}`;
  return undefined;
}

/** A typo: two inner letters of the longest word of a name swapped (names of 6 letters or more). */
function typo(name: string): string | undefined {
  const words = name.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  if (longest.length < 6 || /\d/.test(longest)) return undefined;
  const i = Math.floor(longest.length / 2);
  if (longest[i] === longest[i + 1]) return undefined;
  const swapped = longest.slice(0, i) + longest[i + 1] + longest[i] + longest.slice(i + 2);
  return name.replace(longest, swapped);
}

const subjectOnly = (slot: Slot) => ask(slot.relationship, slot.subject);

/** The object concept's noun as a unit after a number: "1,250 weeks", "1,250 scores" (a plural stays as it is). */
function unitOf(noun: string): string {
  return noun.endsWith('s') ? noun : plural(noun);
}

export const FAMILIES: readonly Family[] = [
  {
    id: 'possessive',
    description: 'Possessive questions on a noun-phrase relationship: "What is S\'s N?", "What\'s S\'s N?"',
    generate: (slot) =>
      slot.grammar.kind !== 'noun'
        ? []
        : [`What is ${slot.subject}'s ${slot.grammar.noun}?`, `What's ${slot.subject}'s ${slot.grammar.noun}?`].map((prompt) => ({
            family: 'possessive',
            prompt,
            expect: subjectOnly(slot),
          })),
  },
  {
    id: 'noun-phrase',
    description: 'Noun-phrase questions: "What is the N of S?", terse "S N?", "Tell me the N of S"',
    generate: (slot) => {
      if (slot.grammar.kind !== 'noun') return [];
      const n = slot.grammar.noun;
      return [`What is the ${n} of ${slot.subject}?`, `${slot.subject} ${n}?`, `Tell me the ${n} of ${slot.subject}`].map((prompt) => ({
        family: 'noun-phrase',
        prompt,
        expect: subjectOnly(slot),
      }));
    },
  },
  {
    id: 'preposition',
    description: 'A preposition that belongs to the question, not the object: "What is the N for S?", "What N does S have?"',
    generate: (slot) => {
      if (slot.grammar.kind !== 'noun') return [];
      const n = slot.grammar.noun;
      return [`What is the ${n} for ${slot.subject}?`, `What ${n} does ${slot.subject} have?`].map((prompt) => ({
        family: 'preposition',
        prompt,
        expect: subjectOnly(slot),
      }));
    },
  },
  {
    id: 'how',
    description:
      'How much / how many / how: "How much is S\'s N?" (money), "How many O-nouns does S have?" (counts), the author\'s how-question in the past tense',
    generate: (slot) => {
      const out: Generated[] = [];
      if (slot.grammar.kind === 'noun' && slot.type === 'number') {
        if (isMoney(slot))
          out.push({ family: 'how', prompt: `How much is ${slot.subject}'s ${slot.grammar.noun}?`, expect: subjectOnly(slot) });
        else
          out.push({
            family: 'how',
            prompt: `How many ${plural(slot.objectNoun)} is the ${slot.grammar.noun} of ${slot.subject}?`,
            expect: subjectOnly(slot),
          });
      }
      const form = slot.relationship.questions.secondFormObject;
      if (form && /^how\b/i.test(form)) {
        const past = form
          .replace(/\bdoes %S\b/, 'did %S')
          .replace(/\bis %S\b/, 'was %S')
          .replace(/\bare (\w+) affected\b/, 'were $1 affected');
        if (past !== form) out.push({ family: 'how', prompt: past.replace('%S', slot.subject), expect: subjectOnly(slot) });
      }
      return out;
    },
  },
  {
    id: 'articles',
    description:
      'Yes/no questions with articles and the concept noun around the instance: "Does the S-noun S V the O?", "Is S in the O O-noun?", "Is S P by the O-noun O?"',
    generate: (slot) => {
      const g = slot.grammar;
      const o = slot.object;
      if (slot.type !== 'string' || !o) return [];
      const expect = ask(slot.relationship, slot.subject, o);
      const out: string[] = [];
      if (g.kind === 'active' && g.tense === 'present' && (!g.rest || PREPOSITIONS.has(g.rest))) {
        const rest = g.rest ? `${g.rest} ` : '';
        out.push(
          `Does the ${slot.subjectNoun} ${slot.subject} ${g.verb.base} ${rest}the ${o}?`,
          `Does ${slot.subject} ${g.verb.base} ${rest}the ${slot.objectNoun} ${o}?`,
        );
      }
      if (g.kind === 'passive')
        out.push(`${g.be[0].toUpperCase()}${g.be.slice(1)} ${slot.subject} ${g.verb.participle} by the ${slot.objectNoun} ${o}?`);
      if (g.kind === 'noun') out.push(`Is the ${slot.subject} in the ${o} ${slot.objectNoun}?`, `Is ${slot.subject}'s ${g.noun} ${o}?`);
      return out.map((prompt) => ({ family: 'articles', prompt, expect }));
    },
  },
  {
    id: 'object-first',
    description:
      'The object first, the other direction of a verb: "Is O P by S?" (active names), "Does O V S?" (passive names), "Which S-nouns V O?"',
    generate: (slot) => {
      const g = slot.grammar;
      const o = slot.object;
      if (slot.type !== 'string' || !o) return [];
      const out: Generated[] = [];
      if (g.kind === 'active' && g.tense === 'present' && !g.rest) {
        out.push({
          family: 'object-first',
          prompt: `Is ${o} ${g.verb.participle} by ${slot.subject}?`,
          expect: ask(slot.relationship, slot.subject, o),
        });
      }
      if (g.kind === 'active' && g.tense === 'present') {
        out.push({
          family: 'object-first',
          prompt: `Which ${plural(slot.subjectNoun)} ${g.verb.base} ${g.rest ? `${g.rest} ` : ''}${o}?`,
          expect: ask(slot.relationship, undefined, o),
        });
      }
      if (g.kind === 'passive') {
        const aux = g.be === 'was' ? 'Did' : 'Does';
        out.push({
          family: 'object-first',
          prompt: `${aux} ${o} ${g.verb.base} ${slot.subject}?`,
          expect: ask(slot.relationship, slot.subject, o),
        });
        out.push({
          family: 'object-first',
          prompt: `Which ${slot.objectNoun} ${g.be === 'was' ? g.verb.past : g.verb.third} ${slot.subject}?`,
          expect: subjectOnly(slot),
        });
      }
      return out;
    },
  },
  {
    id: 'statement',
    description: 'Statements in the name\'s own shape: "S\'s N is O", "The N of S is O", "S V O", "S is P by O"',
    generate: (slot) => {
      const v = value(slot);
      if (!v) return [];
      const expect = { facts: [fact(slot.relationship, slot.subject, v.read)] };
      const g = slot.grammar;
      if (g.kind === 'noun')
        return [`${slot.subject}'s ${g.noun} is ${v.said}.`, `The ${g.noun} of ${slot.subject} is ${v.said}.`].map((prompt) => ({
          family: 'statement',
          prompt,
          expect,
        }));
      const verbPhrase = statementVerb(slot);
      return verbPhrase ? [{ family: 'statement', prompt: `${slot.subject} ${verbPhrase} ${v.said}.`, expect }] : [];
    },
  },
  {
    id: 'amounts',
    description:
      'Amounts and dates in statements: the value first ("£1,250 is the N of S"), "S has a N of £1,250", two clauses ("S has a N1 of X and N2 of Y"), dates ("S V on 3 March 2025")',
    generate: (slot, others) => {
      const g = slot.grammar;
      const out: Generated[] = [];
      const v = value(slot);
      if (!v) return out;
      if (slot.type === 'number' && g.kind === 'noun') {
        const expect = { facts: [fact(slot.relationship, slot.subject, v.read)] };
        out.push({ family: 'amounts', prompt: `${v.said} is the ${g.noun} of ${slot.subject}.`, expect });
        out.push({ family: 'amounts', prompt: `${slot.subject} has ${article(g.noun)} ${g.noun} of ${v.said}.`, expect });
        const second = others.find(
          (other) =>
            other.relationship !== slot.relationship &&
            other.subject === slot.subject &&
            other.type === 'number' &&
            other.grammar.kind === 'noun' &&
            other.relationship.subject === slot.relationship.subject,
        );
        if (second && second.grammar.kind === 'noun') {
          const w = isMoney(second) ? { said: '£700', read: 700 } : { said: '700', read: 700 };
          out.push({
            family: 'amounts',
            prompt: `${slot.subject} has ${article(g.noun)} ${g.noun} of ${v.said} and ${second.grammar.noun} of ${w.said}.`,
            expect: { facts: [fact(slot.relationship, slot.subject, v.read), fact(second.relationship, slot.subject, w.read)] },
          });
        }
      }
      if (slot.type === 'date') {
        const verbPhrase = statementVerb(slot);
        if (verbPhrase)
          out.push({
            family: 'amounts',
            prompt: `${slot.subject} ${verbPhrase} ${DATE.iso}.`,
            expect: { facts: [fact(slot.relationship, slot.subject, DATE.other)] },
          });
      }
      return out;
    },
  },
  {
    id: 'certainty-then-question',
    description:
      'A statement with a certainty phrase, then a question: "I\'m fairly sure <statement>. <question about another relationship>"',
    generate: (slot, others) => {
      const v = value(slot);
      const verbPhrase = statementVerb(slot);
      if (!v || !verbPhrase || slot.type !== 'string') return [];
      const question = others.find(
        (other) =>
          other.relationship !== slot.relationship &&
          other.grammar.kind === 'noun' &&
          other.relationship.subject === slot.relationship.subject,
      );
      if (!question || question.grammar.kind !== 'noun') return [];
      return [
        {
          family: 'certainty-then-question',
          prompt: `I'm fairly sure ${slot.subject} ${verbPhrase} ${v.said}. What is the ${question.grammar.noun} of ${slot.subject}?`,
          expect: {
            query: { relationship: question.relationship.name, subject: slot.subject },
            facts: [fact(slot.relationship, slot.subject, v.read, 80)],
          },
        },
        {
          family: 'certainty-then-question',
          prompt: `Pretty certain ${slot.subject} ${verbPhrase} ${v.said} - what's the ${question.grammar.noun} of ${slot.subject}?`,
          expect: {
            query: { relationship: question.relationship.name, subject: slot.subject },
            facts: [fact(slot.relationship, slot.subject, v.read, 90)],
          },
        },
        {
          family: 'certainty-then-question',
          prompt: `I'm about 70% sure ${slot.subject} ${verbPhrase} ${v.said}; what is ${slot.subject}'s ${question.grammar.noun}?`,
          expect: {
            query: { relationship: question.relationship.name, subject: slot.subject },
            facts: [fact(slot.relationship, slot.subject, v.read, 70)],
          },
        },
      ];
    },
  },
  {
    id: 'polite-wrappers',
    description:
      'A request that embeds the question: "Could you let me know what the N of S is? Thanks!", "Would you mind checking whether S <verb> O?"',
    generate: (slot) => {
      const g = slot.grammar;
      const out: Generated[] = [];
      if (g.kind === 'noun')
        out.push({
          family: 'polite-wrappers',
          prompt: `Could you let me know the ${g.noun} of ${slot.subject}? Thanks!`,
          expect: subjectOnly(slot),
        });
      const verbPhrase = statementVerb(slot);
      if (verbPhrase && slot.type === 'string' && slot.object)
        out.push({
          family: 'polite-wrappers',
          prompt: `Would you mind checking whether ${slot.subject} ${verbPhrase} ${slot.object}?`,
          expect: ask(slot.relationship, slot.subject, slot.object),
        });
      return out;
    },
  },
  {
    id: 'typos',
    description:
      'A typo in an instance name (two inner letters swapped in a word of 6 letters or more) in a possessive or author-form question',
    generate: (slot) => {
      const misspelt = typo(slot.subject);
      if (!misspelt) return [];
      const g = slot.grammar;
      if (g.kind === 'noun') return [{ family: 'typos', prompt: `What is ${misspelt}'s ${g.noun}?`, expect: subjectOnly(slot) }];
      const form = slot.relationship.questions.secondFormObject;
      return form ? [{ family: 'typos', prompt: form.replace('%S', misspelt), expect: subjectOnly(slot) }] : [];
    },
  },
  {
    id: 'lower-case',
    description: "Lower case and no question mark: the noun-phrase question or the author's form, typed quickly",
    generate: (slot) => {
      const g = slot.grammar;
      const text =
        g.kind === 'noun'
          ? `what is the ${g.noun} of ${slot.subject}`
          : slot.relationship.questions.secondFormObject?.replace('%S', slot.subject).replace(/\?$/, '');
      return text ? [{ family: 'lower-case', prompt: text.toLowerCase(), expect: subjectOnly(slot) }] : [];
    },
  },
  {
    id: 'author-article',
    description:
      'The author\'s own question with the article or concept noun people add: "How much was spent on the Granary?", "Which town is the property Granary in?"',
    generate: (slot) => {
      const form = slot.relationship.questions.secondFormObject;
      if (!form || !form.includes('%S')) return [];
      const prompts = [form.replace('%S', `the ${slot.subject}`), form.replace('%S', `the ${slot.subjectNoun} ${slot.subject}`)];
      return prompts.map((prompt) => ({ family: 'author-article', prompt, expect: subjectOnly(slot) }));
    },
  },
  {
    id: 'tenses',
    description: 'Other tenses of a verb name: "Did S V O?", "S V-ed O." (a present name said in the past), "Has S V-ed O?"',
    generate: (slot) => {
      const g = slot.grammar;
      const o = slot.object;
      if (g.kind !== 'active' || g.tense !== 'present' || slot.type !== 'string' || !o || (g.rest && !PREPOSITIONS.has(g.rest))) return [];
      const rest = g.rest ? `${g.rest} ` : '';
      return [
        { family: 'tenses', prompt: `Did ${slot.subject} ${g.verb.base} ${rest}${o}?`, expect: ask(slot.relationship, slot.subject, o) },
        {
          family: 'tenses',
          prompt: `Has ${slot.subject} ${g.verb.participle} ${rest}${o}?`,
          expect: ask(slot.relationship, slot.subject, o),
        },
        {
          family: 'tenses',
          prompt: `${slot.subject} ${g.verb.past} ${rest}${o}.`,
          expect: { facts: [fact(slot.relationship, slot.subject, o)] },
        },
      ];
    },
  },
  {
    id: 'terse-verb',
    description: 'Questions without an auxiliary or question word: "S Vs O?", "What does S V?"',
    generate: (slot) => {
      const g = slot.grammar;
      const o = slot.object;
      if (g.kind !== 'active' || g.tense !== 'present' || slot.type !== 'string' || !o || (g.rest && !PREPOSITIONS.has(g.rest))) return [];
      const rest = g.rest ? ` ${g.rest}` : '';
      return [
        { family: 'terse-verb', prompt: `${slot.subject} ${g.verb.third}${rest} ${o}?`, expect: ask(slot.relationship, slot.subject, o) },
        { family: 'terse-verb', prompt: `What does ${slot.subject} ${g.verb.base}${rest}?`, expect: subjectOnly(slot) },
      ];
    },
  },
  {
    id: 'dates',
    description:
      'Dates in statements in everyday forms: "S V on 3 March 2025", "S V 03/03/2025" (day first), "S V on the 3rd of March 2025"',
    generate: (slot) => {
      if (slot.type !== 'date') return [];
      const verbPhrase = statementVerb(slot);
      if (!verbPhrase) return [];
      const bare = verbPhrase.replace(/ (on|in|at)$/, '');
      const expect = { facts: [fact(slot.relationship, slot.subject, DATE.iso)] };
      return [`${slot.subject} ${bare} on 03/03/2025.`, `${slot.subject} ${bare} on the 3rd of March 2025.`].map((prompt) => ({
        family: 'dates',
        prompt,
        expect,
      }));
    },
  },
  {
    id: 'certainty-words',
    description:
      'Other certainty phrases before a statement, with a question after: "Probably <statement>. <question>", "I think <statement>, what is the N of S?"',
    generate: (slot, others) => {
      const v = value(slot);
      const verbPhrase = statementVerb(slot);
      if (!v || !verbPhrase || slot.type !== 'string') return [];
      const question = others.find(
        (other) =>
          other.relationship !== slot.relationship &&
          other.grammar.kind === 'noun' &&
          other.relationship.subject === slot.relationship.subject,
      );
      if (!question || question.grammar.kind !== 'noun') return [];
      const expect = (certainty: number) => ({
        query: { relationship: question.relationship.name, subject: slot.subject },
        facts: [fact(slot.relationship, slot.subject, v.read, certainty)],
      });
      return [
        {
          family: 'certainty-words',
          prompt: `Probably ${slot.subject} ${verbPhrase} ${v.said}. What is ${slot.subject}'s ${question.grammar.noun}?`,
          expect: expect(75),
        },
        {
          family: 'certainty-words',
          prompt: `I think ${slot.subject} ${verbPhrase} ${v.said}. And what is the ${question.grammar.noun} of ${slot.subject}?`,
          expect: expect(75),
        },
      ];
    },
  },
  {
    id: 'synonyms',
    description:
      'A word of the name said with an everyday synonym: "Does S need O?" for "requires", "Is S assisted by O?" for "is helped by", "What is the total price of S?" for "total cost", "How much does S cost?" for a name ending in a cost noun',
    generate: (slot, others) => {
      const g = slot.grammar;
      const o = slot.object;
      const out: Generated[] = [];
      const push = (prompt: string, expect: Expectation): void => {
        out.push({ family: 'synonyms', prompt, expect });
      };
      if (g.kind === 'active' && g.tense === 'present' && !g.rest && SYNONYMS[g.verb.base] && o && slot.type === 'string') {
        const other = verbOf(SYNONYMS[g.verb.base]);
        if (other) {
          push(`Does ${slot.subject} ${other.base} ${o}?`, ask(slot.relationship, slot.subject, o));
          push(`${slot.subject} ${other.third} ${o}.`, { facts: [fact(slot.relationship, slot.subject, o)] });
        }
      }
      if (g.kind === 'passive' && SYNONYMS[g.verb.base] && o) {
        const other = verbOf(SYNONYMS[g.verb.base]);
        if (other) {
          push(`Is ${slot.subject} ${other.participle} by ${o}?`, ask(slot.relationship, slot.subject, o));
          push(`Who ${other.third} ${slot.subject}?`, subjectOnly(slot));
          push(`${slot.subject} ${g.be} ${other.participle} by ${o}.`, { facts: [fact(slot.relationship, slot.subject, o)] });
        }
      }
      if (g.kind === 'predicate' && slot.type === 'truth') {
        // "can need inspection" style predicates: "Can S require inspection?"
        const [first, ...rest] = g.rest.split(' ');
        const other = SYNONYMS[first] ? verbOf(SYNONYMS[first]) : undefined;
        if (other && g.lead === 'can' && rest.length > 0) push(`Can ${slot.subject} ${other.base} ${rest.join(' ')}?`, subjectOnly(slot));
      }
      if (g.kind === 'active' && g.tense === 'present' && slot.type === 'truth' && g.rest && SYNONYMS[g.verb.base]) {
        // "needs inspection": "Does S require inspection?", "S requires inspection."
        const other = verbOf(SYNONYMS[g.verb.base]);
        if (other) {
          push(`Does ${slot.subject} ${other.base} ${g.rest}?`, subjectOnly(slot));
          push(`${slot.subject} ${other.third} ${g.rest}.`, { facts: [fact(slot.relationship, slot.subject, true)] });
        }
      }
      if (g.kind === 'noun') {
        const words = g.noun.split(' ');
        const at = words.findIndex((word) => SYNONYMS[word] !== undefined);
        if (at >= 0) {
          const renamed = [...words.slice(0, at), SYNONYMS[words[at]], ...words.slice(at + 1)].join(' ');
          const be = /s$/.test(renamed) && !/ss$/.test(renamed) ? 'are' : 'is';
          push(`What ${be} ${slot.subject}'s ${renamed}?`, subjectOnly(slot));
          push(`What ${be} the ${renamed} of ${slot.subject}?`, subjectOnly(slot));
        }
        // "total cost", "weekly fee": what the subject costs, when no other amount of its concept is a cost.
        const costly = (other: Slot): boolean =>
          other.grammar.kind === 'noun' && other.type === 'number' && COST_NOUNS.has(other.grammar.noun.split(' ').slice(-1)[0]);
        const rivals = new Set(
          others.filter((other) => other.subjectNoun === slot.subjectNoun && costly(other)).map((other) => other.relationship.name),
        );
        const period = words.map((word) => PERIOD_NOUNS[word]).find(Boolean);
        if (costly(slot) && rivals.size === 1) {
          const per = period ? ` a ${period}` : '';
          push(`How much does ${slot.subject} cost${per}?`, subjectOnly(slot));
          push(`${slot.subject} costs £1,250${per}.`, { facts: [fact(slot.relationship, slot.subject, NUMBER)] });
        }
      }
      return out;
    },
  },
  {
    id: 'derivations',
    description:
      'Nouns of verbs and verbs of nouns: who does a "by" passive ("Who is S\'s driver?" for "is driven by"), the noun of a dated verb ("What is S\'s booking date?" for "was booked on"), where a located thing is ("the location of S" for "is located in"), counts ("How many bedrooms does S have?", "S has 7 bedrooms." for "bedroom count" or "number of bedrooms"), periods ("What are S\'s costs per month?", "S\'s costs are £1,250 per month." for "monthly costs")',
    generate: (slot) => {
      const g = slot.grammar;
      const out: Generated[] = [];
      const push = (prompt: string, expect: Expectation): void => {
        out.push({ family: 'derivations', prompt, expect });
      };
      if (g.kind === 'passive' && AGENT_NOUNS[g.verb.base]) {
        const agent = AGENT_NOUNS[g.verb.base];
        push(`Who is ${slot.subject}'s ${agent}?`, subjectOnly(slot));
        push(`Who is the ${agent} of ${slot.subject}?`, subjectOnly(slot));
        if (slot.object)
          push(`${slot.subject}'s ${agent} is ${slot.object}.`, { facts: [fact(slot.relationship, slot.subject, slot.object)] });
      }
      if (slot.type === 'date') {
        // "was booked on", "joined on": the verb's noun before "date".
        const words = g.kind === 'predicate' ? g.rest.split(' ') : g.kind === 'active' && g.tense === 'past' ? [g.verb.past, g.rest] : [];
        const dated = words.length === 2 && ['on', 'at'].includes(words[1]) ? verbOf(words[0]) : undefined;
        if (dated) push(`What is ${slot.subject}'s ${ACTION_NOUNS[dated.base] ?? dated.gerund} date?`, subjectOnly(slot));
      }
      if (g.kind === 'predicate' && slot.object) {
        // "is located in": "What is the location of S?"
        const [participle, preposition, ...rest] = g.rest.split(' ');
        const done = participle ? verbOf(participle) : undefined;
        const noun = done && ACTION_NOUNS[done.base];
        if (noun && done.participle === participle && ['in', 'at'].includes(preposition ?? '') && rest.length === 0 && noun !== 'start')
          push(`What is the ${noun} of ${slot.subject}?`, subjectOnly(slot));
      }
      if (g.kind === 'noun' && slot.type === 'number') {
        const words = g.noun.split(' ');
        const things =
          words.length === 2 && words[1] === 'count'
            ? plural(words[0])
            : words.length === 3 && words[0] === 'number' && words[1] === 'of'
              ? words[2]
              : undefined;
        if (things) {
          push(`How many ${things} does ${slot.subject} have?`, subjectOnly(slot));
          push(`What is the number of ${things} for ${slot.subject}?`, subjectOnly(slot));
          push(`${slot.subject} has 7 ${things}.`, { facts: [fact(slot.relationship, slot.subject, 7)] });
        }
        const period = PERIOD_NOUNS[words[0]];
        if (words.length === 2 && period) {
          const be = /s$/.test(words[1]) ? 'are' : 'is';
          push(`What ${be} ${slot.subject}'s ${words[1]} per ${period}?`, subjectOnly(slot));
          const said = isMoney(slot) ? '£1,250' : '1,250';
          push(`${slot.subject}'s ${words[1]} ${be} ${said} per ${period}.`, { facts: [fact(slot.relationship, slot.subject, NUMBER)] });
        }
      }
      return out;
    },
  },
  {
    id: 'why',
    description:
      'Why-questions about a concluded relationship: "Why is S\'s N O?", "Why does S V O?" (read as a request to explain that fact)',
    generate: (slot) => {
      if (!slot.inferred || slot.type !== 'string' || !slot.object) return [];
      const g = slot.grammar;
      const why = { why: { relationship: slot.relationship.name, subject: slot.subject, object: slot.object } };
      if (g.kind === 'noun')
        return [`Why is ${slot.subject}'s ${g.noun} ${slot.object}?`, `Why is the ${g.noun} of ${slot.subject} ${slot.object}?`].map(
          (prompt) => ({ family: 'why', prompt, expect: why }),
        );
      if (g.kind === 'active' && g.tense === 'present')
        return [
          { family: 'why', prompt: `Why does ${slot.subject} ${g.verb.base} ${g.rest ? `${g.rest} ` : ''}${slot.object}?`, expect: why },
        ];
      return [];
    },
  },
  {
    id: 'measures',
    description:
      'Amounts said with their unit or framing words: "The N of S is 1,250 <object noun>.", "S has a N of £1,250 in total."; a second clause that leaves the relationship out: "S has a N of 1,250, and S2 has 700."',
    generate: (slot) => {
      const g = slot.grammar;
      const v = value(slot);
      if (slot.type !== 'number' || g.kind !== 'noun' || !v) return [];
      const out: Generated[] = [];
      const expect = { facts: [fact(slot.relationship, slot.subject, v.read)] };
      if (isMoney(slot))
        out.push({ family: 'measures', prompt: `${slot.subject} has ${article(g.noun)} ${g.noun} of ${v.said} in total.`, expect });
      else out.push({ family: 'measures', prompt: `The ${g.noun} of ${slot.subject} is ${v.said} ${unitOf(slot.objectNoun)}.`, expect });
      const other = [...(slot.map.instances.get(slot.relationship.subject)?.keys() ?? [])].find(
        (name) => name !== slot.subject && !name.toLowerCase().startsWith(slot.subject.toLowerCase()),
      );
      if (other)
        out.push({
          family: 'measures',
          prompt: `${slot.subject} has ${article(g.noun)} ${g.noun} of ${v.said}, and ${other} has 700.`,
          expect: { facts: [fact(slot.relationship, slot.subject, v.read), fact(slot.relationship, other, 700)] },
        });
      return out;
    },
  },
  {
    id: 'why-truth',
    description:
      'Why-questions about a concluded truth value, read as the fact with object true (false after "not"): "Why is S <predicate>?", "Why does S <verb> …?", "Why isn\'t S <predicate>?"',
    generate: (slot) => {
      if (!slot.inferred || slot.type !== 'truth') return [];
      const g = slot.grammar;
      const why = (object: boolean) => ({ why: { relationship: slot.relationship.name, subject: slot.subject, object } });
      if (g.kind === 'predicate' && g.lead === 'is')
        return [
          { family: 'why-truth', prompt: `Why is ${slot.subject} ${g.rest}?`, expect: why(true) },
          { family: 'why-truth', prompt: `Why isn't ${slot.subject} ${g.rest}?`, expect: why(false) },
        ];
      if (g.kind === 'active' && g.tense === 'present')
        return [
          { family: 'why-truth', prompt: `Why does ${slot.subject} ${g.verb.base}${g.rest ? ` ${g.rest}` : ''}?`, expect: why(true) },
        ];
      return [];
    },
  },
  {
    id: 'human-dates',
    description:
      'Dates without a year ("on the 3rd of March": the clock\'s year) and slashed dates that read two ways ("on 04/03/2025": asked, error 108, nothing recorded)',
    generate: (slot) => {
      if (slot.type !== 'date') return [];
      const verbPhrase = statementVerb(slot);
      if (!verbPhrase) return [];
      const bare = verbPhrase.replace(/ (on|in|at)$/, '');
      return [
        {
          family: 'human-dates',
          prompt: `${slot.subject} ${bare} on the 3rd of March.`,
          expect: { facts: [fact(slot.relationship, slot.subject, `${HELD_OUT_YEAR}-03-03`)] },
        },
        {
          family: 'human-dates',
          prompt: `${slot.subject} ${bare} on 04/03/2025.`,
          expect: { error: 108, invalid: [{ relationship: slot.relationship.name, subject: slot.subject, object: '04/03/2025' }] },
        },
      ];
    },
  },
  {
    id: 'prefix-names',
    description:
      'A name that opens with a known one but says more ("S Q" where only S is known): the reader asks which (error 108) rather than guess; the subject concept\'s noun after the name is the name ("the S <subject noun>")',
    generate: (slot) => {
      const g = slot.grammar;
      if (g.kind !== 'noun' || slot.subject.split(' ').length > 2) return [];
      const known = [...(slot.map.instances.get(slot.relationship.subject)?.keys() ?? [])];
      if (known.some((name) => name.toLowerCase() === `${slot.subject} q`.toLowerCase())) return [];
      const prompt = `What is the ${g.noun} of ${slot.subject} Q?`;
      const asked: Generated = { family: 'prefix-names', prompt, expect: { error: 108, unmatched: [prompt] } };
      // "the Claim 41 claim" says the noun twice: nobody writes that.
      if (slot.subject.toLowerCase().includes(slot.subjectNoun)) return [asked];
      return [
        asked,
        { family: 'prefix-names', prompt: `What is the ${g.noun} of the ${slot.subject} ${slot.subjectNoun}?`, expect: subjectOnly(slot) },
      ];
    },
  },
  {
    id: 'which-truth',
    description:
      'Which-questions before a truth relationship, with the plural concept noun: "Which <subject nouns> are <predicate>?" (object true)',
    generate: (slot) => {
      const g = slot.grammar;
      if (slot.type !== 'truth') return [];
      const expect = { query: { relationship: slot.relationship.name, object: true } };
      if (g.kind === 'predicate' && g.lead === 'is')
        return [{ family: 'which-truth', prompt: `Which ${plural(slot.subjectNoun)} are ${g.rest}?`, expect }];
      if (g.kind === 'active' && g.tense === 'present')
        return [
          { family: 'which-truth', prompt: `Which ${plural(slot.subjectNoun)} ${g.verb.base}${g.rest ? ` ${g.rest}` : ''}?`, expect },
        ];
      return [];
    },
  },
  {
    id: 'change-of-value',
    description:
      'A change of value said as the new value: "S\'s N has gone up to £1,250.", "The N of S has risen to 1,250." (number noun names)',
    generate: (slot) => {
      const g = slot.grammar;
      const v = value(slot);
      if (slot.type !== 'number' || g.kind !== 'noun' || !v) return [];
      const expect = { facts: [fact(slot.relationship, slot.subject, v.read)] };
      return [
        { family: 'change-of-value', prompt: `${slot.subject}'s ${g.noun} has gone up to ${v.said}.`, expect },
        { family: 'change-of-value', prompt: `The ${g.noun} of ${slot.subject} has risen to ${v.said}.`, expect },
      ];
    },
  },
  {
    id: 'partial-understanding',
    description:
      'A statement with a clause about nothing the map knows: "S\'s N is V, and the weather is lovely." is error 109 (nothing recorded; the understood fact and the unread words reported)',
    generate: (slot) => {
      const g = slot.grammar;
      const v = value(slot);
      if (!v) return [];
      const said = g.kind === 'noun' ? `${slot.subject}'s ${g.noun} is ${v.said}` : statementVerb(slot);
      if (said === undefined) return [];
      const statement = g.kind === 'noun' ? said : `${slot.subject} ${said} ${v.said}`;
      return [
        {
          family: 'partial-understanding',
          prompt: `${statement}, and the weather is lovely.`,
          expect: { error: 109, facts: [fact(slot.relationship, slot.subject, v.read)], unmatched: ['the weather is lovely'] },
        },
      ];
    },
  },
  {
    id: 'other-end-noun',
    description:
      'The subject concept\'s plural noun of an object instance, for the one relationship between the two concepts: "Who are the <subject nouns> of O?", "Which are O\'s <subject nouns>?"',
    generate: (slot) => {
      const { relationship, object } = slot;
      if (slot.type !== 'string' || object === undefined || relationship.subject === relationship.object) return [];
      const between = [...slot.map.relationships.values()].filter(
        (other) => other.subject === relationship.subject && other.object === relationship.object,
      );
      if (between.length !== 1) return [];
      const expect = { query: { relationship: relationship.name, object } };
      const nouns = plural(slot.subjectNoun);
      return [
        { family: 'other-end-noun', prompt: `Who are the ${nouns} of ${object}?`, expect },
        { family: 'other-end-noun', prompt: `Which are ${object}'s ${nouns}?`, expect },
      ];
    },
  },
  {
    id: 'where-place',
    description:
      'Where-questions with no relationship named, for a name "is <participle> in/at" that places its subject (located, based, sited…): "Where is S?", "Could you tell me where S is?"',
    generate: (slot) => {
      const g = slot.grammar;
      if (slot.type !== 'string' || g.kind !== 'predicate' || g.lead !== 'is') return [];
      const [participle, preposition, ...more] = g.rest.split(' ');
      if (more.length > 0 || !PLACING.has(participle) || !['in', 'at'].includes(preposition)) return [];
      return [`Where is ${slot.subject}?`, `Could you tell me where ${slot.subject} is?`].map((prompt) => ({
        family: 'where-place',
        prompt,
        expect: subjectOnly(slot),
      }));
    },
  },
  {
    id: 'subject-plurals',
    description:
      'The subject concept\'s plural noun asked with "be" and the name\'s preposition, for the one relationship between the two concepts: "Which <subject nouns> are in/at/on O?"',
    generate: (slot) => {
      const g = slot.grammar;
      const { relationship, object } = slot;
      if (slot.type !== 'string' || object === undefined || g.kind !== 'predicate' || g.lead !== 'is') return [];
      const preposition = g.rest.split(' ').pop() ?? '';
      if (!['in', 'at', 'on'].includes(preposition)) return [];
      const between = [...slot.map.relationships.values()].filter(
        (other) => other.subject === relationship.subject && other.object === relationship.object,
      );
      if (between.length !== 1) return [];
      return [
        {
          family: 'subject-plurals',
          prompt: `Which ${plural(slot.subjectNoun)} are ${preposition} ${object}?`,
          expect: { query: { relationship: relationship.name, object } },
        },
      ];
    },
  },
  {
    id: 'verb-noun-date',
    description:
      'A date relationship named by a verb ("was booked on", "joined on") asked by the verb\'s noun and "date": "S\'s <action> date?", "What is the <action> date of S?"',
    generate: (slot) => {
      const g = slot.grammar;
      if (slot.type !== 'date') return [];
      const verb = g.kind === 'predicate' && g.lead === 'was' ? verbOf(g.rest.split(' ')[0]) : g.kind === 'active' ? g.verb : undefined;
      if (!verb) return [];
      const noun = ACTION_NOUNS[verb.base] ?? verb.gerund;
      return [`${slot.subject}'s ${noun} date?`, `What is the ${noun} date of ${slot.subject}?`].map((prompt) => ({
        family: 'verb-noun-date',
        prompt,
        expect: subjectOnly(slot),
      }));
    },
  },
  {
    id: 'time-adverbials',
    description:
      'A yes/no statement closed by words that only say when, with a certainty pointing back at it: "S <verb>s … now, I\'m fairly sure of that." (true, at 80)',
    generate: (slot) => {
      const g = slot.grammar;
      if (slot.type !== 'truth') return [];
      const said =
        g.kind === 'active' && g.tense === 'present'
          ? [g.verb.third, g.rest].filter(Boolean).join(' ')
          : g.kind === 'predicate' && g.lead === 'is'
            ? `is ${g.rest}`
            : undefined;
      if (!said) return [];
      const expect = (certainty: number) => ({ facts: [fact(slot.relationship, slot.subject, true, certainty)] });
      return [
        { family: 'time-adverbials', prompt: `${slot.subject} ${said} now, I'm fairly sure of that.`, expect: expect(80) },
        { family: 'time-adverbials', prompt: `Pretty sure ${slot.subject} ${said} since last week.`, expect: expect(90) },
      ];
    },
  },
];
