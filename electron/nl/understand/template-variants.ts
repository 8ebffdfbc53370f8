/**
 * Other wordings of a prompt under which a map's question form may match it: the same question with
 * a "get" or modal passive ("How does Bike 12 *get* collected?", "How *will* it *be* collected?" for
 * "How is %S collected?"), with a closing preposition the form leaves out ("…been training *for*?"),
 * and "how long" for "how many" of a unit of time ("How long has Biscuit been training?" for "How
 * many weeks has %S been training?").
 */
import { basesOf, looksLikeParticiple } from '../text/inflect';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { TemplateWord } from '../vocabulary/types';

/** Prompt words and, for each, the token it came from. */
export interface Wording {
  readonly words: readonly string[];
  readonly positions: readonly number[];
}

const DO_OR_MODAL = new Set(['do', 'does', 'did', 'will', 'would', 'can', 'could', 'should', 'may', 'might', 'must', 'shall']);
const PASSIVE_HELPERS = new Set(['get', 'gets', 'got', 'be', 'getting']);
const HAVE = new Set(['has', 'have', 'had']);
const BE = new Set(['is', 'are', 'was', 'were']);
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
  if (!template.some((word) => 'literal' in word && BE.has(word.literal))) return undefined;
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

/**
 * The wording with the form's closing preposition the prompt leaves out ("Where is Order 3 being
 * delivered?" for "Where is %S being delivered *to*?"): only right after the form's own last word.
 */
function withClosingPreposition(wording: Wording, template: readonly TemplateWord[]): Wording | undefined {
  const end = template[template.length - 1];
  const before = template[template.length - 2];
  const last = wording.words.length - 1;
  if (!end || !before || !('literal' in end) || !('literal' in before) || !PREPOSITIONS.has(end.literal)) return undefined;
  if (last < 0 || wording.words[last] !== before.literal) return undefined;
  return { words: [...wording.words, end.literal], positions: [...wording.positions, wording.positions[last]] };
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
  const verb = template[at + 2];
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

/** The wording as said, then each other wording that may match `template`. */
export function wordingsFor(said: Wording, template: readonly TemplateWord[]): Wording[] {
  const out: Wording[] = [said];
  for (const change of [
    plainPassive,
    (w: Wording) => perfectPassive(w, template),
    (w: Wording) => howLong(w, template),
    (w: Wording) => withoutClosingPreposition(w, template),
    (w: Wording) => withClosingPreposition(w, template),
    (w: Wording) => questionOrder(w, template),
  ]) {
    for (const wording of [...out]) {
      const changed = change(wording);
      if (changed) out.push(changed);
    }
  }
  return out;
}
