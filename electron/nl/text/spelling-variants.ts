/**
 * British and American spellings of the same word ("licenced"/"licensed", "colour"/"color",
 * "organise"/"organize", "centre"/"center", "travelled"/"traveled"): the regular correspondences of
 * English orthography, each rewriting one ending or letter group both ways. The reader uses them to
 * read a word the map spells the other way; only the map's own words are ever produced.
 */

/** Pairs of patterns: a match of the first, rewritten with the second (and the reverse pair). */
const RULES: readonly (readonly [RegExp, string])[] = [
  // licence/license, defence/defense, offence/offense (and their -d/-s/-ing forms).
  [/enc(e|ed|es|ing)$/, 'ens$1'],
  [/ens(e|ed|es|ing)$/, 'enc$1'],
  // colour/color, favourite/favorite, honourable/honorable.
  // (After three letters at least: "four", "your", "tour" and "door" are other words.)
  [/^(.{3,})our(s|ed|ing|ite|ites|able|ful|ist|ists)?$/, '$1or$2'],
  [/^(.{2,}[^o])or(s|ed|ing|ite|ites|able|ful|ist|ists)?$/, '$1our$2'],
  // organise/organize, organisation/organization, analyse/analyze.
  [/is(e|ed|es|ing|ation|ations|er|ers)$/, 'iz$1'],
  [/iz(e|ed|es|ing|ation|ations|er|ers)$/, 'is$1'],
  [/ys(e|ed|es|ing)$/, 'yz$1'],
  [/yz(e|ed|es|ing)$/, 'ys$1'],
  // centre/center, metre/meter, litre/liter.
  [/tre(s|d)?$/, 'ter$1'],
  [/ter(s|ed)?$/, 'tre$1'],
  // travelled/traveled, cancelling/canceling, labelled/labeled.
  [/([aeiou])ll(ed|ing|er|ers)$/, '$1l$2'],
  [/([aeiou])l(ed|ing|er|ers)$/, '$1ll$2'],
  // catalogue/catalog, dialogue/dialog.
  [/ogue(s)?$/, 'og$1'],
  [/og(s)?$/, 'ogue$1'],
  // paediatric/pediatric, manoeuvre/maneuver (British to American only).
  [/ae/, 'e'],
  [/oe/, 'e'],
];

/** The other spellings of `word` by the rules above (never `word` itself). */
export function spellingVariants(word: string): string[] {
  const out = new Set<string>();
  for (const [pattern, replacement] of RULES) {
    if (!pattern.test(word)) continue;
    const variant = word.replace(pattern, replacement);
    if (variant !== word) out.add(variant);
  }
  return [...out];
}
