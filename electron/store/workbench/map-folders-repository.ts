/**
 * The folders of map files the workbench follows (migration 4), and which registry map each file
 * feeds. Only the link is stored here: the maps, drafts and versions live in the registry.
 */
import { randomUUID } from 'node:crypto';
import type { SqliteDatabase } from '../database';

interface MapFolderRecord {
  readonly id: string;
  readonly path: string;
  readonly openedAt: string;
}

interface MapFileLink {
  readonly folderId: string;
  readonly fileName: string;
  readonly mapId: string;
}

export class MapFoldersRepository {
  private readonly statements;

  constructor(
    db: SqliteDatabase,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.statements = {
      list: db.prepare<[], { id: string; path: string; opened_at: string }>(
        'SELECT id, path, opened_at FROM map_folders ORDER BY opened_at, id',
      ),
      byPath: db.prepare<[string], { id: string; path: string; opened_at: string }>(
        'SELECT id, path, opened_at FROM map_folders WHERE path = ?',
      ),
      insert: db.prepare<[string, string, string]>('INSERT INTO map_folders (id, path, opened_at) VALUES (?, ?, ?)'),
      delete: db.prepare<[string]>('DELETE FROM map_folders WHERE id = ?'),
      files: db.prepare<[string], { folder_id: string; file_name: string; map_id: string }>(
        'SELECT folder_id, file_name, map_id FROM map_folder_files WHERE folder_id = ? ORDER BY file_name',
      ),
      link: db.prepare<[string, string, string]>(
        'INSERT INTO map_folder_files (folder_id, file_name, map_id) VALUES (?, ?, ?) ON CONFLICT (folder_id, file_name) DO UPDATE SET map_id = excluded.map_id',
      ),
      unlink: db.prepare<[string, string]>('DELETE FROM map_folder_files WHERE folder_id = ? AND file_name = ?'),
    };
  }

  list(): MapFolderRecord[] {
    return this.statements.list.all().map((row) => ({ id: row.id, path: row.path, openedAt: row.opened_at }));
  }

  /** The folder at `path`, added when new. */
  open(path: string): MapFolderRecord {
    const known = this.statements.byPath.get(path);
    if (known) return { id: known.id, path: known.path, openedAt: known.opened_at };
    const record = { id: randomUUID(), path, openedAt: this.now() };
    this.statements.insert.run(record.id, record.path, record.openedAt);
    return record;
  }

  /** Forgets a folder and its links; true when it was known. */
  close(folderId: string): boolean {
    return this.statements.delete.run(folderId).changes > 0;
  }

  files(folderId: string): MapFileLink[] {
    return this.statements.files.all(folderId).map((row) => ({ folderId: row.folder_id, fileName: row.file_name, mapId: row.map_id }));
  }

  link(folderId: string, fileName: string, mapId: string): void {
    this.statements.link.run(folderId, fileName, mapId);
  }

  unlink(folderId: string, fileName: string): void {
    this.statements.unlink.run(folderId, fileName);
  }
}
