/**
 * A name of a noun and a participle said as a relative clause: "the deposit *that's been* paid on
 * Order 3" for "deposit paid", "the amount *which was* claimed" for "amount claimed". The words
 * between the noun and the participle are left out when the two make a relationship's name, so
 * the ordinary noun reading takes it.
 */
import { looksLikeParticiple } from '../text/inflect';
import { words, type Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';

const RELATIVES = new Set(['that', 'which']);
/** What may stand between the relative and the participle: "'s", "has been", "was", "is being". */
const AUXILIARY_WORDS = new Set(["'s", 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'been', 'being']);

const namesCache = new WeakMap<Vocabulary, ReadonlySet<string>>();

/** The map's two-word names of a noun and a participle ("deposit paid"). */
function nounParticipleNames(vocabulary: Vocabulary): ReadonlySet<string> {
  let found = namesCache.get(vocabulary);
  if (!found) {
    found = new Set(
      vocabulary.relationships
        .map((entry) => words(entry.relationship.name))
        .filter((name) => name.length === 2 && looksLikeParticiple(name[1]))
        .map((name) => name.join(' ')),
    );
    namesCache.set(vocabulary, found);
  }
  return found;
}

/** The tokens with "<noun> that/which <auxiliaries> <participle>" said as "<noun> <participle>" where that is a name. */
export function plainRelatives(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  const names = nounParticipleNames(vocabulary);
  if (names.size === 0) return tokens;
  for (let index = 1; index < tokens.length; index++) {
    if (!RELATIVES.has(tokens[index].text)) continue;
    let at = index + 1;
    while (AUXILIARY_WORDS.has(tokens[at]?.text ?? '')) at++;
    const participle = tokens[at];
    if (!participle || at === index + 1 || !names.has(`${tokens[index - 1].text} ${participle.text}`)) continue;
    return [...tokens.slice(0, index), ...tokens.slice(at)];
  }
  return tokens;
}
