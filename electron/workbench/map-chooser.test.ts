/**
 * `maps.choose` behind the native dialogs port: browser mode has no dialog (the renderer keeps its
 * file input); a chosen file comes back with its text for the import preview, a chosen folder with
 * its path, a cancelled dialog as such; a file that cannot be read is refused with its path. The
 * dialogs are a port because Electron cannot run here: the port below answers as a user would.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NativeDialogs } from './ports/native-dialogs';
import { MapChooser } from './services/maps/map-chooser';
import { WorkbenchError } from './errors';

const folder = mkdtempSync(join(tmpdir(), 'lapwing-chooser-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A user who picks `file` and `dir` (or cancels, for null). */
function user(file: string | null, dir: string | null): NativeDialogs {
  return { chooseMapFile: async () => file, chooseMapFolder: async () => dir };
}

describe('maps.choose', () => {
  it('is unavailable without native dialogs (browser mode)', async () => {
    expect(await new MapChooser(null).choose('file')).toEqual({ outcome: 'unavailable' });
    expect(await new MapChooser(null).choose('folder')).toEqual({ outcome: 'unavailable' });
  });

  it('reads the chosen file for the import preview, and gives the chosen folder', async () => {
    const path = join(folder, 'languages.rbl');
    writeFileSync(path, '<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang"/>\n');
    const chooser = new MapChooser(user(path, folder));
    expect(await chooser.choose('file')).toEqual({
      outcome: 'file',
      path,
      fileName: 'languages.rbl',
      text: '<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang"/>\n',
    });
    expect(await chooser.choose('folder')).toEqual({ outcome: 'folder', path: folder });
  });

  it('says when the dialog was cancelled', async () => {
    const chooser = new MapChooser(user(null, null));
    expect(await chooser.choose('file')).toEqual({ outcome: 'cancelled' });
    expect(await chooser.choose('folder')).toEqual({ outcome: 'cancelled' });
  });

  it('refuses a file that cannot be read, naming it', async () => {
    const missing = join(folder, 'gone.rbl');
    const refused = await new MapChooser(user(missing, null)).choose('file').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkbenchError);
    expect(refused).toMatchObject({ code: 'maps/file-unreadable', details: { path: missing } });
    expect((refused as WorkbenchError).message).toContain(`${missing} cannot be imported: ENOENT`);
  });
});
