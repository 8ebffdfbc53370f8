/**
 * What is wrong with a database file that will not open, in one line an operator can act on:
 * the file, the damage, and what to do. Checked before SQLite opens it (an empty file, a foreign
 * header, a file shorter than its header says) and from SQLite's own error when opening fails.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';

/** A database file that cannot be used; `message` is the whole report (one line, no stack needed). */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}

const MAGIC = 'SQLite format 3\0';

function restoreHint(file: string): string {
  const name = basename(file);
  return `Restore it from a backup, or move it aside (with ${name}-wal and ${name}-shm if present) to start with an empty one.`;
}

/** Throws `StoreOpenError` when the file exists but cannot be a usable database. */
export function checkDatabaseFile(file: string): void {
  if (!existsSync(file)) return;
  const size = statSync(file).size;
  // Lapwing creates a database beside its final name and moves it there once it has its schema,
  // so an empty file at the final name was truncated (or made by something else).
  if (size === 0)
    throw new StoreOpenError(`${file}: the database file is empty (0 bytes), so it was truncated or replaced. ${restoreHint(file)}`);
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || header.toString('latin1', 0, 16) !== MAGIC) {
    throw new StoreOpenError(
      `${file}: not a SQLite database (its first bytes are not a database header; damaged, truncated or another kind of file). ${restoreHint(file)}`,
    );
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  // The page count in the header is valid only when it was written with the current change counter.
  const countValid = header.readUInt32BE(24) === header.readUInt32BE(92);
  if (countValid && pages > 0 && size < pageSize * pages) {
    throw new StoreOpenError(
      `${file}: the database file is truncated (${size} bytes of the ${pageSize * pages} its header records). ${restoreHint(file)}`,
    );
  }
}

/** The one-line report for a SQLite error met while opening `file`. */
export function describeOpenFailure(file: string, error: unknown): Error {
  if (error instanceof StoreOpenError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_NOTADB') return new StoreOpenError(`${file}: not a SQLite database (SQLite: ${detail}). ${restoreHint(file)}`);
  if (code.startsWith('SQLITE_CORRUPT'))
    return new StoreOpenError(`${file}: the database is damaged (SQLite: ${detail}). ${restoreHint(file)}`);
  if (code === 'SQLITE_FULL')
    return new StoreOpenError(`${file}: cannot open the database: the disk is full. Free some space and start again.`);
  if (
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_PERM')
  ) {
    return new StoreOpenError(
      `${file}: cannot open the database (SQLite: ${detail}). Check that its folder exists, is writable and its disk is healthy.`,
    );
  }
  return error instanceof Error ? error : new Error(detail);
}
