/**
 * The map's question forms read backwards. "Which country does %S live in?" becomes a matcher that
 * takes "Which country does Tom live in?" and extracts S = "Tom". A form with a trailing aside
 * ("How old is %S, in years?") also matches without it ("How old is Tom?").
 */
import type { Relationship } from '../../engine';
import { formsOf } from '../text/inflect';
import { tokenize } from '../text/tokens';
import type { QuestionTemplate, TemplateWord } from './types';

// Placeholders become words the tokenizer keeps whole and no prompt will contain.
const SLOT_S = 'lapwingslotsubject';
const SLOT_O = 'lapwingslotobject';

function templateWords(text: string, cutAtComma: boolean): TemplateWord[] | undefined {
  const plain = text
    .replace(/[*_`#>]/g, ' ')
    .replace(/%S/g, ` ${SLOT_S} `)
    .replace(/%O/g, ` ${SLOT_O} `);
  const result: TemplateWord[] = [];
  let cut = false;
  for (const token of tokenize(plain)) {
    if (token.punctuation) {
      const slotsSeen = result.some((word) => 'slot' in word);
      if (cutAtComma && slotsSeen && (token.text === ',' || token.text === ':' || token.text === ';')) {
        cut = true;
        break;
      }
      continue;
    }
    if (token.text === SLOT_S) result.push({ slot: 'S' });
    else if (token.text === SLOT_O) result.push({ slot: 'O' });
    else result.push({ literal: token.text });
  }
  if (cutAtComma && !cut) return undefined;
  return result.length > 0 ? result : undefined;
}

/** Templates of a relationship's authored question forms (none when it has none). */
export function templatesOf(relationship: Relationship): QuestionTemplate[] {
  const templates: QuestionTemplate[] = [];
  for (const form of ['firstForm', 'secondFormObject', 'secondFormSubject'] as const) {
    const text = relationship.questions[form];
    if (!text) continue;
    const whole = templateWords(text, false);
    if (whole && whole.some((word) => 'slot' in word)) templates.push({ form, words: whole });
    const short = templateWords(text, true);
    if (short && short.some((word) => 'slot' in word)) templates.push({ form, words: short });
    if (form === 'secondFormSubject' && whole) {
      const asked = yesNoOfWhichHave(whole);
      if (asked) templates.push({ form: 'firstForm', words: asked });
    }
  }
  return templates;
}

/**
 * "Which rooms have a %O theme?" asks of each room what "Does %S have a %O theme?" asks of one: the
 * yes/no form of a which-question with "have" ("Doesn't Lab 1 have a Sci-Fi theme?").
 */
function yesNoOfWhichHave(words: readonly TemplateWord[]): TemplateWord[] | undefined {
  const literal = (index: number): string | undefined => {
    const word = words[index];
    return word && 'literal' in word ? word.literal : undefined;
  };
  if (!['which', 'what'].includes(literal(0) ?? '')) return undefined;
  const have = words.findIndex((_, index) => index >= 2 && ['have', 'has'].includes(literal(index) ?? ''));
  if (have < 0 || words.slice(1, have).some((word) => 'slot' in word)) return undefined;
  const rest = words.slice(have + 1);
  if (!rest.some((word) => 'slot' in word && word.slot === 'O') || rest.some((word) => 'slot' in word && word.slot === 'S'))
    return undefined;
  return [{ literal: 'does' }, { slot: 'S' }, { literal: 'have' }, ...rest];
}

const ARTICLES = new Set(['a', 'an', 'the']);
const POSSESSIVES = new Set(['his', 'her', 'their', 'its', 'my', 'your', 'our']);

/** Auxiliaries that change only tense or number: "How much *did* Kai earn?" asks "does". */
const AUXILIARY_CLASSES: readonly ReadonlySet<string>[] = [
  new Set(['do', 'does', 'did']),
  new Set(['is', 'are', 'was', 'were']),
  new Set(['has', 'have', 'had']),
];

export function sameAuxiliary(said: string, written: string): boolean {
  return AUXILIARY_CLASSES.some((group) => group.has(said) && group.has(written));
}

/**
 * Words of a form that everyday English says another way: "get" for "have" ("How many lessons does
 * Ravi *get*…?"), and "per", "a", "every" for "each" before a period ("…each term").
 */
const EVERYDAY_EQUIVALENTS: readonly ReadonlySet<string>[] = [new Set(['have', 'get']), new Set(['each', 'every', 'per', 'a'])];

function sameWord(said: string, written: string): boolean {
  return said === written || sameAuxiliary(said, written) || EVERYDAY_EQUIVALENTS.some((group) => group.has(said) && group.has(written));
}

/**
 * Matches a template against prompt words. Slots take one or more words; articles in the template
 * may be missing or swapped in the prompt. Returns the word ranges of S and O, or undefined.
 */
export function matchTemplate(
  template: readonly TemplateWord[],
  prompt: readonly string[],
): { S?: [number, number]; O?: [number, number] } | undefined {
  const slots: { S?: [number, number]; O?: [number, number] } = {};
  const match = (t: number, p: number): boolean => {
    if (t === template.length) return p === prompt.length;
    const word = template[t];
    if ('slot' in word) {
      // Shortest capture first: the literal after the slot decides where it ends.
      for (let end = p + 1; end <= prompt.length; end++) {
        slots[word.slot] = [p, end];
        if (match(t + 1, end)) return true;
      }
      delete slots[word.slot];
      return false;
    }
    if (ARTICLES.has(word.literal)) {
      // "in *the* pension" said as "in *her* pension": a possessive stands where the article was.
      if (p < prompt.length && (ARTICLES.has(prompt[p]) || POSSESSIVES.has(prompt[p])) && match(t + 1, p + 1)) return true;
      return match(t + 1, p);
    }
    return p < prompt.length && sameWord(prompt[p], word.literal) && match(t + 1, p + 1);
  };
  return match(0, 0) ? slots : undefined;
}

const BE = new Set(['is', 'are', 'was', 'were']);

/**
 * The statement a "How much … is/was …?" form asks for: "How much was spent on %S?" gives
 * "%O was spent on %S" ("£800 was spent on the Loft"). Only forms whose verb is "be" (no "do"
 * to undo) and that ask for the object.
 */
function statementTemplateOf(template: QuestionTemplate): TemplateWord[] | undefined {
  if (template.form !== 'secondFormObject') return undefined;
  const words = template.words;
  const literal = (index: number): string | undefined => {
    const word = words[index];
    return word && 'literal' in word ? word.literal : undefined;
  };
  if (literal(0) !== 'how' || !['much', 'many'].includes(literal(1) ?? '')) return undefined;
  const be = [2, 3].find((index) => BE.has(literal(index) ?? ''));
  if (be === undefined) return undefined;
  const rest = words.slice(be + 1);
  if (!rest.some((word) => 'slot' in word && word.slot === 'S') || rest.some((word) => 'slot' in word && word.slot === 'O'))
    return undefined;
  return [{ slot: 'O' }, ...words.slice(be)];
}

const HAVE = new Set(['has', 'have', 'had']);
const DO = new Set(['do', 'does', 'did']);

/**
 * Every statement a "How much/many …?" form asks for: the "be" form above, and with "have" or "do"
 * the subject first and the value where the question word was: "How many weeks has %S been
 * training?" gives "%S has been training (for) %O (weeks)", "How much does %S pay each month?" gives
 * "%S pays %O each month".
 */
export function statementTemplatesOf(template: QuestionTemplate): TemplateWord[][] {
  const out: TemplateWord[][] = [];
  const be = statementTemplateOf(template);
  if (be) out.push(be);
  if (template.form !== 'secondFormObject') return out;
  const words = template.words;
  const literal = (index: number): string | undefined => {
    const word = words[index];
    return word && 'literal' in word ? word.literal : undefined;
  };
  // "Which grade has %S passed most recently?": "%S has passed (grade) %O" (the trailing adverbs left out).
  if (['which', 'what'].includes(literal(0) ?? '')) {
    const has = words.findIndex((_, index) => index >= 1 && HAVE.has(literal(index) ?? ''));
    const subject = words[has + 1];
    const verb = literal(has + 2);
    const noun = words.slice(1, has);
    if (has > 0 && subject && 'slot' in subject && subject.slot === 'S' && verb !== undefined && noun.every((word) => 'literal' in word))
      for (const unit of [noun, []]) out.push([{ slot: 'S' }, { literal: 'has' }, { literal: verb }, ...unit, { slot: 'O' }]);
    return out;
  }
  // "How old is %S?": "%S is %O old" ("Mo is 19 years old"), and for an age, said of anyone,
  // the bare "%S is %O" ("Mo is 19").
  const adjective = literal(1);
  const subjectAfterBe = words[3];
  if (
    literal(0) === 'how' &&
    adjective !== undefined &&
    !['much', 'many'].includes(adjective) &&
    BE.has(literal(2) ?? '') &&
    words.length === 4 &&
    subjectAfterBe &&
    'slot' in subjectAfterBe &&
    subjectAfterBe.slot === 'S'
  ) {
    out.push([{ slot: 'S' }, { literal: 'is' }, { slot: 'O' }, { literal: adjective }]);
    if (adjective === 'old') out.push([{ slot: 'S' }, { literal: 'is' }, { slot: 'O' }]);
    return out;
  }
  if (literal(0) !== 'how' || !['much', 'many'].includes(adjective ?? '')) return out;
  // "How many nights is %S booked in for?": "%S is (has been) booked in for %O (nights)".
  const beAt = words.findIndex((_, index) => index >= 2 && BE.has(literal(index) ?? ''));
  const after = words[beAt + 1];
  if (beAt > 0 && after && 'slot' in after && after.slot === 'S') {
    const noun = words.slice(2, beAt);
    const rest = words.slice(beAt + 2);
    if (!noun.some((word) => 'slot' in word) && !rest.some((word) => 'slot' in word) && rest.length > 0)
      for (const be of [[{ literal: 'is' }], [{ literal: 'has' }, { literal: 'been' }]])
        for (const unit of [noun, []]) out.push([{ slot: 'S' }, ...be, ...rest, { slot: 'O' }, ...unit]);
    return out;
  }
  const aux = words.findIndex((_, index) => index >= 2 && (HAVE.has(literal(index) ?? '') || DO.has(literal(index) ?? '')));
  const subject = words[aux + 1];
  if (aux < 0 || !subject || !('slot' in subject) || subject.slot !== 'S') return out;
  const noun = words.slice(2, aux);
  const rest = words.slice(aux + 2);
  if (noun.some((word) => 'slot' in word) || rest.some((word) => 'slot' in word)) return out;
  const auxWord = literal(aux) as string;
  const value: TemplateWord = { slot: 'O' };
  if (HAVE.has(auxWord)) {
    for (const unit of [noun, []])
      for (const link of [[{ literal: 'for' }], []])
        out.push([{ slot: 'S' }, { literal: auxWord === 'have' ? 'has' : auxWord }, ...rest, ...link, value, ...unit]);
    return out;
  }
  const verb = rest[0];
  if (!verb || !('literal' in verb)) return out;
  const forms = formsOf(verb.literal);
  const said = auxWord === 'did' ? [forms.past] : [forms.third, forms.base];
  for (const form of said) for (const unit of [noun, []]) out.push([{ slot: 'S' }, { literal: form }, value, ...unit, ...rest.slice(1)]);
  return out;
}
