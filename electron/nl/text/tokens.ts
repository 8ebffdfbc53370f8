/**
 * Words of a prompt with their places in the original text.
 *
 * Matching works on lower-cased, normalised tokens (contractions expanded, curly quotes made
 * straight), while names the user typed are read back from the original text through each token's
 * offsets, so "Tom" stays "Tom" in an injected fact.
 */

/** One word, number or punctuation mark. */
export interface Token {
  /** Lower-cased, normalised form used for matching. */
  readonly text: string;
  /** Offsets into the original prompt (an expanded contraction shares its word's offsets). */
  readonly start: number;
  readonly end: number;
  /** True for `, ? ! . ; : & /`. */
  readonly punctuation: boolean;
}

// ISO dates and times, day/month/year dates, numbers with thousands separators, decimals, currency
// and percent signs, words with inner hyphens or apostrophes, then single punctuation marks.
const TOKEN =
  /\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{1,2}(?:st|nd|rd|th)\b|-?[£$€]?\d+(?:[.,]\d+)*(?:%|'s\b)?|[\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:[-'][\p{L}\p{M}\p{N}]+)*'?|[?!.,;:&/]|(?<=\s)[-\u2013\u2014](?=\s)/gu;

/** Contractions expanded into the words they stand for; the key is the ending after the apostrophe. */
const SUFFIXES: readonly (readonly [string, readonly string[]])[] = [
  ["n't", ['not']],
  ["'re", ['are']],
  ["'ve", ['have']],
  ["'ll", ['will']],
  ["'m", ['am']],
  ["'d", ['would']],
  ["'s", ["'s"]],
];

/** Whole-word contractions whose stem changes. */
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  "can't": ['can', 'not'],
  "won't": ['will', 'not'],
  "shan't": ['shall', 'not'],
  "ain't": ['is', 'not'],
  "let's": ['let', 'us'],
  "it's": ['it', 'is'],
  "what's": ['what', 'is'],
  "who's": ['who', 'is'],
  "where's": ['where', 'is'],
  "that's": ['that', 'is'],
  "there's": ['there', 'is'],
  "he's": ['he', 'is'],
  "she's": ['she', 'is'],
  "how's": ['how', 'is'],
  // The same without the apostrophe, as people type in chat.
  dont: ['do', 'not'],
  doesnt: ['does', 'not'],
  didnt: ['did', 'not'],
  isnt: ['is', 'not'],
  arent: ['are', 'not'],
  wasnt: ['was', 'not'],
  werent: ['were', 'not'],
  hasnt: ['has', 'not'],
  havent: ['have', 'not'],
  cant: ['can', 'not'],
  wont: ['will', 'not'],
  im: ['i', 'am'],
  ive: ['i', 'have'],
  whats: ['what', 'is'],
  whos: ['who', 'is'],
  wheres: ['where', 'is'],
  whens: ['when', 'is'],
  hows: ['how', 'is'],
  thats: ['that', 'is'],
};

/** Words after which "'s" can only be "is". */
const QUESTION_WORDS = new Set(['who', 'what', 'when', 'where', 'which', 'why', 'how', 'here', 'there', 'that', 'it', 'he', 'she']);

function normalise(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u00a0/g, ' ');
}

/** Splits a prompt into tokens. */
export function tokenize(prompt: string): Token[] {
  const text = normalise(prompt);
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    let word = match[0].toLowerCase();
    const end = start + word.length;
    // "The Lanterns' manager": the possessive of a name ending in s, read like "'s".
    const possessive = word.endsWith("'") && word.length > 1;
    if (possessive) word = word.slice(0, -1);
    if (/^[?!.,;:&/]$/.test(word)) {
      tokens.push({ text: word, start, end, punctuation: true });
      continue;
    }
    // "Rex is vaccinated - can he go home?": a dash between spaces ends a clause as ";" does.
    if (/^[-\u2013\u2014]$/.test(word)) {
      tokens.push({ text: ';', start, end, punctuation: true });
      continue;
    }
    const irregular = IRREGULAR[word];
    if (irregular) {
      tokens.push({ text: irregular[0], start, end: start + irregular[0].length, punctuation: false });
      for (const rest of irregular.slice(1)) tokens.push({ text: rest, start: end, end, punctuation: false });
      continue;
    }
    // "When's", "Which's": after a question word "'s" is "is", never a possessive.
    const asked = /^(\p{L}+)'s$/u.exec(word);
    if (asked && QUESTION_WORDS.has(asked[1])) {
      tokens.push({ text: asked[1], start, end: end - 2, punctuation: false });
      tokens.push({ text: 'is', start: end - 2, end, punctuation: false });
      continue;
    }
    const suffix = SUFFIXES.find(([ending]) => word.length > ending.length && word.endsWith(ending));
    if (suffix) {
      const stemEnd = start + word.length - suffix[0].length;
      tokens.push({ text: word.slice(0, word.length - suffix[0].length), start, end: stemEnd, punctuation: false });
      for (const part of suffix[1]) tokens.push({ text: part, start: stemEnd, end, punctuation: false });
      continue;
    }
    tokens.push({ text: word, start, end: possessive ? end - 1 : end, punctuation: false });
    if (possessive) tokens.push({ text: "'s", start: end - 1, end, punctuation: false });
  }
  return tokens;
}

/** The original text covered by tokens `[from, to)`, trimmed. */
export function spanText(prompt: string, tokens: readonly Token[], from: number, to: number): string {
  if (from >= to) return '';
  const text = normalise(prompt);
  let [start, end] = [tokens[from].start, tokens[to - 1].end];
  // A name in double quotes keeps them, so the reader can tell it was said as written ("Hall B").
  if (text[start - 1] === '"' && text[end] === '"' && !text.slice(start, end).includes('"')) [start, end] = [start - 1, end + 1];
  return text.slice(start, end).trim();
}

/** Tokens of a phrase as plain words (for building matchers from map text). */
export function words(phrase: string): string[] {
  return tokenize(phrase)
    .filter((token) => !token.punctuation)
    .map((token) => token.text);
}
