/**
 * Nouns made from verbs and verbs from nouns, by English word formation: "ship" → "shipping",
 * "shipment"; "deliver" → "delivery"; "supply" → "supplier"; "delivery" → "deliver". Like
 * `inflect.ts`, generation may overshoot (a made-up word only matches if someone types it); it must
 * not miss the common forms.
 */
import { basesOf, formsOf } from './inflect';

/** Drops a final silent "e" ("locate" → "locat") before a suffix that starts with a vowel. */
function stem(base: string): string {
  return /[^aeiou]e$/.test(base) ? base.slice(0, -1) : base;
}

/** Nouns naming the action of a verb (base form): "shipping", "shipment", "delivery", "location", "arrival". */
export function actionNouns(base: string): string[] {
  const nouns = new Set<string>([formsOf(base).gerund, `${base}ment`, `${stem(base)}al`, `${stem(base)}age`]);
  if (/er$/.test(base)) nouns.add(`${base}y`);
  if (/ate$/.test(base)) nouns.add(`${stem(base)}ion`);
  else if (/[^aeiou][aeiou]?[^aeiouy]$/.test(base)) nouns.add(`${base}ation`);
  else if (/[^aeiou]e$/.test(base)) nouns.add(`${stem(base)}ation`);
  if (/y$/.test(base)) nouns.add(base);
  // "induct" → "induction", "inspect" → "inspection"; "register" → "registration"; "complete" → "completion".
  if (/ct$/.test(base)) nouns.add(`${base}ion`);
  if (/ster$/.test(base)) nouns.add(`${base.slice(0, -2)}ration`);
  if (/ete$/.test(base)) nouns.add(`${base.slice(0, -1)}ion`);
  // "admit" → "admission", "permit" → "permission".
  if (/.mit$/.test(base) && base.length >= 5) nouns.add(`${base.slice(0, -1)}ssion`);
  return [...nouns].filter((noun) => noun !== base || /y$/.test(base));
}

/** Nouns naming who does a verb: "supplier", "manager", "instructor". */
export function agentNouns(base: string): string[] {
  const agents = new Set<string>();
  if (/[^aeiou]y$/.test(base)) agents.add(`${base.slice(0, -1)}ier`);
  else if (/e$/.test(base)) agents.add(`${base}r`);
  else {
    const past = formsOf(base).past;
    // "ship" → "shipper": the consonant doubles as it does in "shipped".
    agents.add(past.endsWith(`${base.slice(-1)}${base.slice(-1)}ed`) ? `${base}${base.slice(-1)}er` : `${base}er`);
    agents.add(`${base}or`);
  }
  return [...agents];
}

/** Verbs (base forms) a noun may be made from: "delivery" → "deliver", "shipping" → "ship", "arrival" → "arrive". */
export function verbsOfNoun(noun: string): string[] {
  const verbs = new Set<string>();
  if (/ing$/.test(noun) && noun.length > 5) for (const base of basesOf(noun)) if (base !== noun) verbs.add(base);
  if (/ment$/.test(noun) && noun.length > 6) verbs.add(noun.slice(0, -4));
  if (/ery$/.test(noun)) verbs.add(noun.slice(0, -1));
  if (/ation$/.test(noun) && noun.length > 7) {
    verbs.add(noun.slice(0, -5));
    verbs.add(`${noun.slice(0, -5)}e`);
    verbs.add(`${noun.slice(0, -3)}e`);
  } else if (/tion$/.test(noun) && noun.length > 6) verbs.add(`${noun.slice(0, -3)}e`);
  // "admission" → "admit", as `actionNouns` makes it.
  if (/.mission$/.test(noun) && noun.length >= 8) verbs.add(`${noun.slice(0, -5)}t`);
  // "registration" → "register", as `actionNouns` makes it.
  if (/stration$/.test(noun) && noun.length > 9) verbs.add(`${noun.slice(0, -8)}ster`);
  if (/age$/.test(noun) && noun.length > 6) {
    verbs.add(noun.slice(0, -3));
    verbs.add(`${noun.slice(0, -3)}e`);
  }
  if (/al$/.test(noun) && noun.length > 5) {
    verbs.add(noun.slice(0, -2));
    verbs.add(`${noun.slice(0, -2)}e`);
  }
  return [...verbs];
}

/**
 * Verbs spelled like a noun (English makes verbs of many nouns: "work", "travel", "practice"), with
 * the British "-ise" of an "-ice" noun ("practice" → "practise").
 */
export function verbsSpelledLike(noun: string): string[] {
  return [...new Set([noun, noun.replace(/ice$/, 'ise')])];
}

/**
 * Possible singulars of a plural noun ("loaves" → "loaf", "trays" → "tray", "boxes" → "box"); the
 * word itself when it does not look plural. Several when English is not regular ("gloves", "loaves").
 */
export function singularsOf(noun: string): string[] {
  if (noun === 'people') return ['person'];
  if (noun === 'children') return ['child'];
  if (/ies$/.test(noun) && noun.length > 4) return [`${noun.slice(0, -3)}y`];
  if (/ves$/.test(noun)) return [noun.slice(0, -1), `${noun.slice(0, -3)}${/ives$/.test(noun) ? 'fe' : 'f'}`];
  if (/(ss|x|z|ch|sh)es$/.test(noun)) return [noun.slice(0, -2)];
  if (/[^su]s$/.test(noun)) return [noun.slice(0, -1)];
  return [noun];
}

/**
 * The base forms a verb word is likely made from: those of `basesOf` whose own inflections give the
 * word back ("supplied" → "supply", not "suppli"); a word that is its own base stays ("ship").
 */
export function verbBases(word: string): string[] {
  const regenerating = basesOf(word).filter((base) => {
    if (base === word) return false;
    const forms = formsOf(base);
    return [forms.third, forms.past, forms.participle, forms.gerund].includes(word);
  });
  // "supplie" and "suppli" also give "supplied": English bases rarely end in "i" or "ie" after a consonant.
  const likely = regenerating.filter((base) => !/[^aeiou]i$|[^aeiou]ie$/.test(base) || ['die', 'lie', 'tie', 'vie'].includes(base));
  // British spelling doubles a final "l" after one vowel even when unstressed: "enrolled", "travelling"
  // are "enrol", "travel" (a base of two syllables, so "called" stays "call").
  const single = /^(.*[aeiou][^aeiou]+[aeiou]l)l(?:ed|ing)$/.exec(word)?.[1];
  if (single && !likely.includes(single)) likely.push(single);
  return likely.length > 0 ? likely : [word];
}
