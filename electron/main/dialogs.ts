/**
 * The native Open dialogs behind `maps.choose` (Import map…, Open folder…), attached to the window.
 * Thin on purpose: reading the file and everything after it is the workbench's (tested there).
 */
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import type { NativeDialogs } from '../workbench';

export function nativeDialogs(window: () => BrowserWindow | null): NativeDialogs {
  const open = async (options: OpenDialogOptions): Promise<string | null> => {
    const parent = window();
    const chosen = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return chosen.canceled ? null : (chosen.filePaths[0] ?? null);
  };
  return {
    chooseMapFile: () =>
      open({ title: 'Import map', properties: ['openFile'], filters: [{ name: 'RBLang maps', extensions: ['rbl', 'rblang', 'xml'] }] }),
    chooseMapFolder: () => open({ title: 'Open a folder of maps', properties: ['openDirectory'] }),
  };
}
