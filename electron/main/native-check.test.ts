import { describe, expect, it } from 'vitest';
import { sqliteProblem } from './native-check';

describe('SQLite check', () => {
  it('finds no problem where better-sqlite3 matches the runtime (Node, in tests)', async () => {
    expect(await sqliteProblem()).toBeNull();
  });
});
