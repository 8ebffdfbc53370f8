/**
 * The "get" passive said as the "be" passive it means: "How does Roadster *get repaired*?" is "How
 * *is* Roadster *repaired*?", "Roadster *got repaired* by Yusuf" is "Roadster *was repaired* by
 * Yusuf", so relationship names and question forms written with "be" read them.
 */
import { looksLikeParticiple } from '../text/inflect';
import type { Token } from '../text/tokens';

const GET = new Set(['get', 'gets', 'got', 'getting']);
const DO = new Set(['do', 'does', 'did']);

/** The tokens with each "get" passive turned into a "be" passive (offsets kept). */
export function plainPassives(tokens: readonly Token[]): Token[] {
  const out = [...tokens];
  for (let index = 1; index < out.length - 1; index++) {
    const word = out[index].text;
    if (!GET.has(word) || !looksLikeParticiple(out[index + 1].text) || out[index + 1].punctuation) continue;
    let question = -1;
    for (let back = index - 1; back >= Math.max(0, index - 6); back--) {
      if (out[back].punctuation) break;
      if (DO.has(out[back].text)) {
        question = back;
        break;
      }
    }
    if (question >= 0) {
      out[question] = { ...out[question], text: out[question].text === 'did' ? 'was' : 'is' };
      out.splice(index, 1);
    } else out[index] = { ...out[index], text: word === 'got' ? 'was' : 'is' };
  }
  return out;
}
