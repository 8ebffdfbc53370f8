import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationError, openDatabase, type Migration } from './database';

const first: Migration = { version: 1, name: 'notes', sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);' };
const second: Migration = { version: 2, name: 'tags', sql: 'ALTER TABLE notes ADD COLUMN tag TEXT;' };
const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-db-'));
  dirs.push(dir);
  return join(dir, 'sub', 'store.sqlite');
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('openDatabase', () => {
  it('applies migrations in order and keeps data across reopenings', () => {
    const file = tempFile();
    const db = openDatabase(file, 'test', [first]);
    db.prepare('INSERT INTO notes (text) VALUES (?)').run('kept');
    db.close();
    const reopened = openDatabase(file, 'test', [first, second]);
    expect(reopened.prepare('SELECT text, tag FROM notes').all()).toEqual([{ text: 'kept', tag: null }]);
    reopened.close();
  });

  it('refuses to open when an applied migration was edited, and leaves the data untouched', () => {
    const file = tempFile();
    const db = openDatabase(file, 'test', [first]);
    db.prepare('INSERT INTO notes (text) VALUES (?)').run('precious');
    db.close();
    const edited = { ...first, sql: first.sql.replace('text TEXT', 'body TEXT') };
    expect(() => openDatabase(file, 'test', [edited])).toThrow(/migration 1 \(notes\) was edited/);
    const again = openDatabase(file, 'test', [first]);
    expect(again.prepare('SELECT text FROM notes').all()).toEqual([{ text: 'precious' }]);
    again.close();
  });

  it('refuses a database migrated by a newer version', () => {
    const file = tempFile();
    openDatabase(file, 'test', [first, second]).close();
    expect(() => openDatabase(file, 'test', [first])).toThrow(MigrationError);
  });

  it('keeps migration sets of different scopes apart in one file', () => {
    const file = tempFile();
    openDatabase(file, 'a', [first]).close();
    const other: Migration = { version: 1, name: 'items', sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY);' };
    const db = openDatabase(file, 'b', [other]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('notes','items') ORDER BY name").all()).toEqual([
      { name: 'items' },
      { name: 'notes' },
    ]);
    db.close();
  });
});
