import { describe, expect, it } from 'vitest';
import { plural } from './wording';

describe('plural', () => {
  it('says "1 fact" and "2 facts", "0 facts", and takes irregular plurals', () => {
    expect(plural(1, 'fact')).toBe('1 fact');
    expect(plural(2, 'fact')).toBe('2 facts');
    expect(plural(0, 'fact')).toBe('0 facts');
    expect(plural(1, 'match', 'matches')).toBe('1 match');
    expect(plural(3, 'match', 'matches')).toBe('3 matches');
  });
});
