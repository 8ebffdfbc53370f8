/**
 * The words around a relationship occurrence: before it a question word, an auxiliary and the
 * subject ("Which country | does | Ada | live in"), after it the object ("| France").
 */
import { AUXILIARIES } from '../text/inflect';
import type { Token } from '../text/tokens';
import { ARTICLES, LEAD_INS, NEGATIONS, TRAILING_FILLERS, WH_WORDS } from './lexicon';

/** What precedes the relationship. */
export interface LeftContext {
  /** The sentence opened with "tell me", "do you know", "whether"…: a question without "?". */
  readonly questionLead: boolean;
  readonly wh?: string;
  /** Words after "which"/"what" before the auxiliary ("which *country* does…"). */
  readonly whNoun: readonly string[];
  /** An auxiliary opening the clause (question inversion: "*Does* Ada speak…"). */
  readonly leadingAux?: string;
  /** An auxiliary just before the relationship ("Ada *has* not lived in…"). */
  readonly trailingAux?: string;
  readonly negated: boolean;
  /** Token range of the subject. */
  readonly subject: readonly [number, number];
}

/** What follows the relationship. */
interface RightContext {
  /** Token range of the object (fillers and punctuation trimmed). */
  readonly object: readonly [number, number];
  /** The object is asked for: "Ada lives in *which country*?" */
  readonly asked: boolean;
}

const LEADS = LEAD_INS.map(([phrase, question]) => ({ words: phrase.split(' '), question })).sort(
  (a, b) => b.words.length - a.words.length,
);
const FILLERS = TRAILING_FILLERS.map((phrase) => phrase.split(' ')).sort((a, b) => b.length - a.length);
const HOW_WORDS = new Set(['old', 'many', 'much', 'long', 'often', 'far', 'big']);

function at(tokens: readonly Token[], index: number, words: readonly string[]): boolean {
  return words.every((word, offset) => tokens[index + offset]?.text === word);
}

const REQUEST_MODALS = new Set(['can', 'could', 'would', 'will']);
/** Words that open the question a request embeds ("…let me know *which* vet…", "…checking *whether*…"). */
const EMBEDDED_OPENERS = new Set([...WH_WORDS, 'whether', 'if']);

/**
 * "Could you let me know which…", "Would you mind checking whether…": a request to the reader
 * ("can/could/would/will you" and plain words) that embeds a question. Returns where the embedded
 * question opens, or undefined when the words after "you" reach no question word.
 */
function requestWrapperEnd(tokens: readonly Token[], index: number, to: number): number | undefined {
  if (!REQUEST_MODALS.has(tokens[index]?.text ?? '') || tokens[index + 1]?.text !== 'you') return undefined;
  for (let position = index + 2; position < to && position < index + 8; position++) {
    if (tokens[position].punctuation) break;
    if (EMBEDDED_OPENERS.has(tokens[position].text)) return position;
  }
  // "Could you (please) let me know the…": a request that goes on with a lead-in of its own.
  let after = index + 2;
  while (after < to && (tokens[after].text === 'please' || tokens[after].text === 'mind')) after++;
  return LEADS.some((lead) => lead.question && after + lead.words.length <= to && at(tokens, after, lead.words)) ? after : undefined;
}

/** Skips lead-ins ("please tell me whether"); returns the new start and whether one asked a question. */
export function skipLeadIns(tokens: readonly Token[], from: number, to: number): { index: number; question: boolean } {
  let index = from;
  let question = false;
  for (let moved = true; moved && index < to;) {
    moved = false;
    if (tokens[index].punctuation) {
      index++;
      moved = true;
      continue;
    }
    const request = requestWrapperEnd(tokens, index, to);
    if (request !== undefined) {
      index = request;
      question = true;
      moved = true;
      continue;
    }
    for (const lead of LEADS) {
      if (index + lead.words.length <= to && at(tokens, index, lead.words)) {
        index += lead.words.length;
        question ||= lead.question;
        moved = true;
        break;
      }
    }
  }
  return { index, question };
}

/** Reads `tokens[from, to)`, the words before an occurrence. */
// "Has Mai Tran *ever* roasted Huila?": frequency adverbs of a question say how often, not which thing.
const VERB_ADVERBS = new Set([
  'now',
  'currently',
  'still',
  'already',
  'also',
  'usually',
  'normally',
  'actually',
  'ever',
  'always',
  'often',
  'sometimes',
  'recently',
]);

export function leftContext(
  tokens: readonly Token[],
  from: number,
  to: number,
  /** Whether words name an instance whole: "Hall A" keeps its "A", no article. */
  isName: (words: readonly string[]) => boolean = () => false,
): LeftContext {
  const lead = skipLeadIns(tokens, from, to);
  let index = lead.index;
  let wh: string | undefined;
  const whNoun: string[] = [];
  if (index < to && WH_WORDS.has(tokens[index].text)) {
    wh = tokens[index].text;
    index++;
    if (wh === 'what' || wh === 'which' || wh === 'whose') {
      while (index < to && whNoun.length < 4 && !AUXILIARIES.has(tokens[index].text) && !tokens[index].punctuation)
        whNoun.push(tokens[index++].text);
    } else if (wh === 'how' && index < to && HOW_WORDS.has(tokens[index].text)) {
      whNoun.push(tokens[index++].text);
      // "How many hours (a week) does Ayo practise?": the counted noun belongs to the question, up
      // to the auxiliary that opens the subject.
      if (whNoun[0] === 'many' || whNoun[0] === 'much') {
        let aux = index;
        while (aux < to && aux - index < 4 && !AUXILIARIES.has(tokens[aux].text) && !tokens[aux].punctuation) aux++;
        if (aux > index && aux < to && AUXILIARIES.has(tokens[aux].text)) while (index < aux) whNoun.push(tokens[index++].text);
      }
    }
  }
  let leadingAux: string | undefined;
  let negated = false;
  if (index < to && AUXILIARIES.has(tokens[index].text)) {
    leadingAux = tokens[index++].text;
    if (index < to && NEGATIONS.has(tokens[index].text)) {
      negated = true;
      index++;
    }
  }
  // "(tell me) which team INC-101 *is* routed to": an embedded question keeps statement order, so an
  // auxiliary closing the words before the relationship follows the subject, not the question noun.
  if (wh !== undefined && leadingAux !== undefined && index === to && whNoun.length >= 2) {
    const subjectStart = index - 1 - (whNoun.length - 1);
    whNoun.splice(1);
    return { questionLead: lead.question, wh, whNoun, trailingAux: leadingAux, negated, subject: [subjectStart, to - 1] };
  }
  // "(tell me) which van Gus Pryor drives": an embedded question without an auxiliary keeps statement
  // order, so a name closing the words after the question word is the subject, not the question noun.
  if ((wh === 'which' || wh === 'what') && leadingAux === undefined && index === to && whNoun.length >= 2) {
    for (let split = 1; split < whNoun.length; split++) {
      if (!isName(whNoun.slice(split))) continue;
      const subjectStart = to - (whNoun.length - split);
      whNoun.splice(split);
      return { questionLead: lead.question, wh, whNoun, negated, subject: [subjectStart, to] };
    }
  }
  let end = to;
  let trailingAux: string | undefined;
  for (let trimmed = true; trimmed && end > index;) {
    trimmed = false;
    const word = tokens[end - 1];
    const namedWithIt = (): boolean => {
      for (let start = index; start < end - 1; start++) if (isName(tokens.slice(start, end).map((token) => token.text))) return true;
      return false;
    };
    if (word.punctuation || (ARTICLES.has(word.text) && !namedWithIt())) {
      end--;
      trimmed = true;
    } else if (NEGATIONS.has(word.text) || word.text === 'longer') {
      negated = true;
      end--;
      trimmed = true;
    } else if (VERB_ADVERBS.has(word.text) && end - 1 > index) {
      // "Room 3 *now* holds 80 people": an adverb before the verb is not part of the subject.
      end--;
      trimmed = true;
    } else if (word.text === 'got' && end - 1 > index) {
      // "Has Sofia *got* travel insurance?": British "have got" is "have".
      end--;
      trimmed = true;
    } else if ((AUXILIARIES.has(word.text) || word.text === 'be' || word.text === 'been') && trailingAux === undefined) {
      // "When will Order 58 *be* delivered?", "Has it *been* sent?": the "be" of a passive after the subject.
      trailingAux = word.text;
      end--;
      trimmed = true;
    } else if (trailingAux === 'been' && ['has', 'have', 'had'].includes(word.text) && end - 1 > index) {
      // "Sam *has been* assigned…": the perfect's "have" goes with its "been".
      end--;
      trimmed = true;
    }
  }
  // "I'm sure *that* Tom…": a leading "that"/"whether"/"if" left over inside the subject.
  while (index < end && ['that', 'whether', 'if'].includes(tokens[index].text)) index++;
  return {
    questionLead: lead.question,
    ...(wh ? { wh } : {}),
    whNoun,
    ...(leadingAux ? { leadingAux } : {}),
    ...(trailingAux ? { trailingAux } : {}),
    negated,
    subject: [index, end],
  };
}

/** Reads `tokens[from, to)`, the words after an occurrence. */
export function rightContext(tokens: readonly Token[], from: number, to: number): RightContext {
  let start = from;
  let end = to;
  for (let trimmed = true; trimmed && end > start;) {
    trimmed = false;
    if (tokens[end - 1].punctuation) {
      end--;
      trimmed = true;
      continue;
    }
    for (const filler of FILLERS) {
      if (end - filler.length >= start && at(tokens, end - filler.length, filler)) {
        end -= filler.length;
        trimmed = true;
        break;
      }
    }
  }
  while (start < end && tokens[start].punctuation) start++;
  const asked = start < end && WH_WORDS.has(tokens[start].text);
  return { object: [start, end], asked };
}

/** The class of an auxiliary, to check a `split` form's requirement. */
export function auxClass(word: string | undefined): 'be' | 'have' | 'modal' | 'do' | undefined {
  if (word === undefined) return undefined;
  if (['is', 'are', 'was', 'were', 'am', 'be', 'been', 'being'].includes(word)) return 'be';
  if (['has', 'have', 'had'].includes(word)) return 'have';
  if (['do', 'does', 'did'].includes(word)) return 'do';
  return AUXILIARIES.has(word) ? 'modal' : undefined;
}
