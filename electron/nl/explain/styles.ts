/**
 * Explanation styles available offline, and reading `instructions` into one. The set is documented
 * in docs/nl.md ("Explanation styles"); anything else needs a language-model provider.
 */

export type ExplanationStyle = 'detailed' | 'concise' | 'bullets' | 'plain';

export const EXPLANATION_STYLES: readonly ExplanationStyle[] = ['detailed', 'concise', 'bullets', 'plain'];

/** Keywords that select each style; matched as whole words in the instructions. */
const KEYWORDS: readonly (readonly [ExplanationStyle, readonly string[]])[] = [
  ['bullets', ['bullet', 'bullets', 'bulleted', 'bullet points', 'list', 'points', 'itemised', 'itemized']],
  [
    'plain',
    [
      'simple',
      'simply',
      'plain',
      'plain english',
      'non-specialist',
      'non specialist',
      'nonspecialist',
      'layman',
      'layperson',
      'non-technical',
      'nontechnical',
      'non technical',
      'beginner',
      'customer',
      'child',
      'everyday',
      'easy',
    ],
  ],
  [
    'concise',
    ['concise', 'short', 'shorter', 'brief', 'briefly', 'summary', 'summarise', 'summarize', 'one sentence', 'tl;dr', 'tldr', 'quick'],
  ],
  [
    'detailed',
    [
      'detailed',
      'detail',
      'details',
      'full',
      'thorough',
      'verbose',
      'long',
      'step by step',
      'in depth',
      'complete',
      'everything',
      'technical',
    ],
  ],
];

/** Instruction words that add nothing to the choice of style ("please", "make it", "explain"). */
const NEUTRAL = new Set([
  'please',
  'make',
  'it',
  'be',
  'a',
  'an',
  'the',
  'in',
  'as',
  'with',
  'explain',
  'explanation',
  'give',
  'me',
  'use',
  'using',
  'style',
  'form',
  'format',
  'keep',
  'write',
  'for',
  'and',
  'very',
  'more',
  'english',
  'language',
  'of',
  'to',
  'answer',
  'i',
  'want',
  'would',
  'like',
  'reader',
  'audience',
  'someone',
  'who',
  'is',
  'not',
  'specialist',
  'expert',
  'terms',
  'words',
  'sentences',
  'sentence',
  'one',
  'version',
  'this',
  'that',
  'so',
  'can',
  'understand',
  'person',
  'people',
  'general',
  'public',
  'friendly',
]);

type StyleChoice =
  { readonly ok: true; readonly style: ExplanationStyle } | { readonly ok: false; readonly unknownWords: readonly string[] };

/** Reads instructions into a style: `detailed` when there are none. Unrecognised requests are not guessed. */
export function styleOf(instructions: string | undefined): StyleChoice {
  const text = (instructions ?? '')
    .toLowerCase()
    .replace(/[^a-z;\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return { ok: true, style: 'detailed' };
  let chosen: ExplanationStyle | undefined;
  let rest = ` ${text} `;
  for (const [style, keywords] of KEYWORDS) {
    for (const keyword of [...keywords].sort((a, b) => b.length - a.length)) {
      if (rest.includes(` ${keyword} `)) {
        chosen ??= style;
        rest = rest.split(` ${keyword} `).join(' ');
      }
    }
  }
  const unknownWords = rest.split(' ').filter((word) => word !== '' && !NEUTRAL.has(word));
  if (chosen && unknownWords.length === 0) return { ok: true, style: chosen };
  return { ok: false, unknownWords };
}

/** Languages explained offline (English; the engine's own words are English). */
export function isOfflineLanguage(language: string): boolean {
  return /^(en(-[a-z]{2})?|english)$/i.test(language.trim());
}
