/**
 * A thing that goes somewhere on a date, said with a verb of leaving ("Order 12 *goes out
 * on* the 5th of May 2027", "Order 41 *ships on* 3 June"): the date is the map's one date
 * relationship named by such an event ("delivery date", "shipping date", "dispatch date"), so the
 * words are put as that name ("Order 12's delivery date is the 5th of May 2027") for the ordinary
 * reading. None or several such names: the words are left as said.
 */
import { parseDate } from '../text/dates';
import { verbBases, verbsOfNoun } from '../text/derive';
import { AUXILIARIES } from '../text/inflect';
import { words, type Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';
import { BE_FORMS, WH_WORDS } from './lexicon';

/** Verbs of sending or going somewhere (general English). */
export const SENDING_VERBS: ReadonlySet<string> = new Set(
  'deliver send ship post dispatch take bring carry transport move route go travel head fly drive return transfer depart leave'.split(' '),
);

/** The verbs of leaving among them, whose date is when a thing goes out ("taken on" or "brought on" say other things). */
const LEAVING_VERBS: ReadonlySet<string> = new Set('deliver send ship post dispatch go leave depart'.split(' '));

/** Particles a going verb takes ("goes *out*", "is sent *off*"). */
const PARTICLES = new Set(['out', 'off', 'away']);
const QUESTION_OPENINGS = new Set([...WH_WORDS, ...AUXILIARIES]);

const eventDates = new WeakMap<Vocabulary, readonly string[] | null>();

/** The words of the one date relationship named by a sending event, or null. */
function sendingDate(vocabulary: Vocabulary): readonly string[] | null {
  let found = eventDates.get(vocabulary);
  if (found === undefined) {
    const names = vocabulary.relationships
      .map((entry) => entry.relationship)
      .filter((relationship) => vocabulary.map.concepts.get(relationship.object)?.type === 'date')
      .map((relationship) => words(relationship.name))
      .filter((name) => name.length === 2 && (name[1] === 'date' || name[1] === 'day'))
      .filter((name) => [...verbBases(name[0]), ...verbsOfNoun(name[0])].some((verb) => LEAVING_VERBS.has(verb)));
    found = names.length === 1 ? names[0] : null;
    eventDates.set(vocabulary, found);
  }
  return found;
}

/** Whether a date opens at `at` ("the 5th of May 2027", "3 June"). */
function dateAt(tokens: readonly Token[], at: number): boolean {
  const said: Token[] = [];
  for (let index = at; index < tokens.length && said.length < 6; index++) {
    if (tokens[index].punctuation) break;
    said.push(tokens[index]);
    if (parseDate(said, 0) !== undefined) return true;
  }
  return false;
}

/** The tokens with "<goes out> on <date>" put as "'s <event> date is <date>" (offsets kept). */
export function plainDepartures(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  // A statement only: "Does Order 12 go out on…?" and "Who goes…" keep their own reading.
  if (tokens.some((token) => token.text === '?') || QUESTION_OPENINGS.has(tokens[0]?.text ?? '')) return tokens;
  for (let index = 1; index < tokens.length; index++) {
    let at = index;
    // "is being sent out on", "goes out on", "ships on"
    while (BE_FORMS.has(tokens[at]?.text ?? '')) at++;
    const verb = tokens[at]?.text ?? '';
    if (!verbBases(verb).some((base) => LEAVING_VERBS.has(base)) || BE_FORMS.has(tokens[index - 1].text)) continue;
    at++;
    if (PARTICLES.has(tokens[at]?.text ?? '')) at++;
    if (tokens[at]?.text !== 'on' || !dateAt(tokens, at + 1)) continue;
    const name = sendingDate(vocabulary);
    if (!name) return tokens;
    const from = tokens[index];
    const said = (text: string): Token => ({ text, start: from.start, end: tokens[at].end, punctuation: false });
    return [...tokens.slice(0, index), said("'s"), ...name.map(said), said('is'), ...tokens.slice(at + 1)];
  }
  return tokens;
}
