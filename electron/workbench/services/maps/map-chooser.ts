/**
 * `maps.choose`: the native Open dialog for Import map… and Open folder…. A chosen file is read here
 * (its text goes to the import preview, as a file from the browser's file input does); a file that
 * cannot be read, or is too large, is refused with its path and why.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ErrorCodes, MAX_MAP_TEXT_BYTES, type MethodOutput } from '../../../common/ipc';
import { WorkbenchError } from '../../errors';
import type { NativeDialogs } from '../../ports/native-dialogs';

export class MapChooser {
  constructor(private readonly dialogs: NativeDialogs | null) {}

  async choose(kind: 'file' | 'folder'): Promise<MethodOutput<'maps.choose'>> {
    if (!this.dialogs) return { outcome: 'unavailable' };
    if (kind === 'folder') {
      const path = await this.dialogs.chooseMapFolder();
      return path === null ? { outcome: 'cancelled' } : { outcome: 'folder', path };
    }
    const path = await this.dialogs.chooseMapFile();
    if (path === null) return { outcome: 'cancelled' };
    return { outcome: 'file', path, fileName: basename(path), text: await readMapFile(path) };
  }
}

async function readMapFile(path: string): Promise<string> {
  try {
    const { size } = await stat(path);
    if (size > MAX_MAP_TEXT_BYTES) throw new Error(`it is ${Math.ceil(size / (1024 * 1024))} MB; a map is at most 64 MB`);
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new WorkbenchError(
      ErrorCodes.mapFileUnreadable,
      `${path} cannot be imported: ${error instanceof Error ? error.message : String(error)}.`,
      { path },
    );
  }
}
