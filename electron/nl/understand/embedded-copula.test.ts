import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/tokens';
import { embeddedCopulaFirst } from './embedded-copula';

const reordered = (prompt: string): string =>
  embeddedCopulaFirst(tokenize(prompt))
    .map((token) => token.text)
    .join(' ');

describe('an embedded question ending in "be"', () => {
  it('puts the "be" back after the question word, after a lead-in that asks', () => {
    expect(reordered("Could you tell me what Rex's body weight is, please?")).toBe(
      "could you tell me what is rex 's body weight , please ?",
    );
    expect(reordered('Do you know who the manager of Kestrel is?')).toBe('do you know who is the manager of kestrel ?');
  });

  it('leaves a direct question, a statement and a "which <noun>" question as they are', () => {
    expect(reordered("What Rex's body weight is?")).toBe("what rex 's body weight is ?");
    expect(reordered('I know who the manager of Kestrel is.')).toBe('i know who the manager of kestrel is .');
    expect(reordered('Do you know what tier Main Stage is?')).toBe('do you know what tier main stage is ?');
  });
});
