/**
 * One `ipcMain.handle` per contract method, generated from the contract. Each handler checks that
 * the message comes from the app's own top-level page before the dispatcher validates the payload.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { ErrorCodes, ipcChannel, METHOD_NAMES, type Result } from '../common/ipc';
import type { Dispatch } from '../workbench/dispatch';
import { APP_ORIGIN } from './protocol';

/** Whether an IPC message comes from the main frame of the app's window, showing an app:// page. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** The default check: main frame only, `app://lapwing` origin only, from the given web contents. */
export function trustedSender(webContentsId: () => number | null): SenderCheck {
  return (event) => {
    const frame = event.senderFrame;
    if (!frame || frame !== event.sender.mainFrame) return false;
    if (event.sender.id !== webContentsId()) return false;
    try {
      return new URL(frame.url).origin === APP_ORIGIN;
    } catch {
      return false;
    }
  };
}

/** Registers every contract method; returns a function removing the handlers. */
export function registerIpc(dispatch: Dispatch, isTrusted: SenderCheck): () => void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(ipcChannel(method), async (event, payload: unknown): Promise<Result<unknown>> => {
      if (!isTrusted(event)) {
        return { ok: false, error: { code: ErrorCodes.forbiddenSender, message: 'This message did not come from the Lapwing window.' } };
      }
      return dispatch(method, payload);
    });
  }
  return () => METHOD_NAMES.forEach((method) => ipcMain.removeHandler(ipcChannel(method)));
}
