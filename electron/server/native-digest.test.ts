import { afterEach, describe, expect, it } from 'vitest';
import { useSha256 } from '../engine';
import { factIdFor } from '../engine';
import { installNativeDigest } from './native-digest';

afterEach(() => useSha256(undefined));

describe('installNativeDigest', () => {
  it("gives the same fact IDs as the engine's pure SHA-256", () => {
    const triples = [
      ['Ada', 'converses in', 'Portuguese'],
      ['Zoë', 'naïve', 'ünïcode'],
      ['B1', 'has total', 20],
    ] as const;
    const pure = triples.map(([subject, relationship, object]) => factIdFor('RF', subject, relationship, object));
    installNativeDigest();
    expect(triples.map(([subject, relationship, object]) => factIdFor('RF', subject, relationship, object))).toEqual(pure);
  });
});
