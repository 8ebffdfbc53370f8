import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/tokens';
import { reduceRelativeClauses } from './relative-clauses';

const reduced = (prompt: string): string =>
  reduceRelativeClauses(tokenize(prompt))
    .map((token) => token.text)
    .join(' ');

describe('relative clauses on a noun', () => {
  it('reads "the N that is/has been V-ed" as the reduced clause "the N V-ed"', () => {
    expect(reduced("What's the deposit that's been paid on Osprey?")).toBe('what is the deposit paid on osprey ?');
    expect(reduced('What is the fee which was charged for Sea Wren?')).toBe('what is the fee charged for sea wren ?');
    expect(reduced('What is the cargo that is being carried by Osprey?')).toBe('what is the cargo carried by osprey ?');
  });

  it('keeps an object relative, a clause without a participle, and a "that" opening a statement', () => {
    expect(reduced('Which is the van that Gus drives?')).toBe('which is the van that gus drives ?');
    expect(reduced('Is the berth that is free Berth 3?')).toBe('is the berth that is free berth 3 ?');
    expect(reduced('I know that Osprey was inspected by Hamid')).toBe('i know that osprey was inspected by hamid');
  });
});
