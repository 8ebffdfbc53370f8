/**
 * A change of value said as the new value: "the annual rent on Plot 4A *has gone up to* £40", "Rex's
 * weight *has dropped to* 25 kg", "the fee *is now* £12" state the value now, as "is" would. Only
 * before a number (an amount, a count, a measure), so "gone up to the office" is left alone.
 * A move in time said before a date is "is on": "Moon Watch *has been moved to* 10 January" says
 * when it is now (read with the thing's one date relationship, `understand/copula.ts`), and so does a
 * booking: "Job 7 *is booked in for* 3rd March 2027".
 */
import { parseDate } from '../text/dates';
import { digitsValue, parseNumber } from '../text/numbers';
import { words, type Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';

const HAVE = new Set(['has', 'have', 'had']);
const MOTIONS = new Set(['gone', 'went', 'go', 'goes', 'come', 'came', 'moved', 'put', 'been']);
const DIRECTIONS = new Set(['up', 'down']);
const CHANGES = new Set([
  'risen',
  'rose',
  'rises',
  'fallen',
  'fell',
  'falls',
  'increased',
  'decreased',
  'dropped',
  'changed',
  'raised',
  'reduced',
  'cut',
  'grown',
  'grew',
  'climbed',
  'jumped',
  'updated',
  'set',
]);

function valueFollows(tokens: readonly Token[], at: number): boolean {
  const word = tokens[at];
  if (!word || word.punctuation) return false;
  return digitsValue(word.text) !== undefined || parseNumber([word]) !== undefined;
}

const RESCHEDULED = new Set(['moved', 'rescheduled', 'postponed', 'changed', 'delayed']);
const RESCHEDULED_PAIRS = new Set(['put back', 'pushed back', 'brought forward', 'moved back', 'moved forward']);
const UNTIL = new Set(['to', 'for', 'until', 'till']);

/** Whether a date opens at `at` ("10 January 2027", "the 27th of November"); the year is no matter here. */
function dateFollows(tokens: readonly Token[], at: number): boolean {
  const words: Token[] = [];
  for (let index = at; index < tokens.length && words.length < 6; index++) {
    if (tokens[index].punctuation && tokens[index].text !== ',') break;
    if (!tokens[index].punctuation) words.push(tokens[index]);
    if (parseDate(words, 0) !== undefined) return true;
  }
  return false;
}

/** Participles that put a thing on a date ("is booked in for", "is scheduled for", "is set for"): when it happens, general English. */
const SCHEDULED = new Set(['booked', 'scheduled', 'set', 'planned', 'arranged', 'fixed', 'pencilled', 'penciled', 'slotted', 'timetabled']);
const SCHEDULED_LINKS = new Set(['for', 'on']);

const dateWordsCache = new WeakMap<Vocabulary, ReadonlySet<string>>();

/** The words of the map's date relationships' names and question forms. */
function dateWords(vocabulary: Vocabulary): ReadonlySet<string> {
  let found = dateWordsCache.get(vocabulary);
  if (!found) {
    const dated = vocabulary.relationships
      .map((entry) => entry.relationship)
      .filter((relationship) => vocabulary.map.concepts.get(relationship.object)?.type === 'date');
    found = new Set(
      dated.flatMap((relationship) => [relationship.name, ...Object.values(relationship.questions)].flatMap((text) => words(text ?? ''))),
    );
    dateWordsCache.set(vocabulary, found);
  }
  return found;
}

/** The end of "is booked (in) for" and the like just before a date; -1 if none. */
function scheduledEnd(tokens: readonly Token[], at: number, ownDateWords: ReadonlySet<string>): number {
  let index = at;
  const text = (offset: number): string => tokens[offset]?.text ?? '';
  if (HAVE.has(text(index)) && text(index + 1) === 'been') index += 2;
  else if (text(index) === 'was' || text(index) === 'is' || text(index) === 'are' || text(index) === 'were') index++;
  else return -1;
  // A map that names a date with that very word ("is scheduled for") reads it its own way.
  if (!SCHEDULED.has(text(index)) || ownDateWords.has(text(index))) return -1;
  index++;
  if (text(index) === 'in') index++;
  if (!SCHEDULED_LINKS.has(text(index))) return -1;
  return dateFollows(tokens, index + 1) ? index + 1 : -1;
}

/** The end of a move in time ("has been moved to", "was put back to") just before a date; -1 if none. */
function rescheduleEnd(tokens: readonly Token[], at: number, ownDateWords: ReadonlySet<string>): number {
  const scheduled = scheduledEnd(tokens, at, ownDateWords);
  if (scheduled >= 0) return scheduled;
  let index = at;
  const text = (offset: number): string => tokens[offset]?.text ?? '';
  if (HAVE.has(text(index)) && text(index + 1) === 'been') index += 2;
  else if (text(index) === 'was' || text(index) === 'is' || text(index) === 'has') index++;
  else return -1;
  if (RESCHEDULED_PAIRS.has(`${text(index)} ${text(index + 1)}`)) index += 2;
  else if (RESCHEDULED.has(text(index))) index++;
  else return -1;
  if (!UNTIL.has(text(index))) return -1;
  return dateFollows(tokens, index + 1) ? index + 1 : -1;
}

/** The end of a change phrase starting at `at` ("has gone up to", "rose to", "is now"), just before the value; -1 if none. */
function changeEnd(tokens: readonly Token[], at: number): number {
  let index = at;
  const text = (offset: number): string => tokens[offset]?.text ?? '';
  if (text(index) === 'is' || text(index) === 'are') return text(index + 1) === 'now' && valueFollows(tokens, index + 2) ? index + 2 : -1;
  if (HAVE.has(text(index))) index++;
  if (text(index) === 'been') index++;
  if (MOTIONS.has(text(index)) && DIRECTIONS.has(text(index + 1))) index += 2;
  else if (CHANGES.has(text(index))) index++;
  else return -1;
  if (text(index) !== 'to') return -1;
  index++;
  return valueFollows(tokens, index) ? index : -1;
}

/** The tokens with each change phrase before a value read as "is", a move before a date as "is on" (offsets kept: the phrase's span). */
export function plainChanges(vocabulary: Vocabulary, tokens: readonly Token[]): Token[] {
  const ownDateWords = dateWords(vocabulary);
  const out: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const moved = index > 0 ? rescheduleEnd(tokens, index, ownDateWords) : -1;
    if (moved >= 0) {
      const span = { start: tokens[index].start, end: tokens[moved - 1].end };
      out.push({ ...tokens[index], ...span, text: 'is' }, { ...tokens[index], ...span, text: 'on' });
      // "January 10th, 2027": the comma before the year is the date's, not a clause's end.
      const comma = moved + 2;
      if (tokens[comma]?.text === ',' && /^\d{4}$/.test(tokens[comma + 1]?.text ?? '')) {
        out.push(tokens[moved], tokens[moved + 1]);
        index = comma;
        continue;
      }
      index = moved - 1;
      continue;
    }
    const end = index > 0 ? changeEnd(tokens, index) : -1;
    if (end < 0) {
      out.push(tokens[index]);
      continue;
    }
    out.push({ ...tokens[index], text: 'is', end: tokens[end - 1].end });
    index = end - 1;
  }
  return out;
}
