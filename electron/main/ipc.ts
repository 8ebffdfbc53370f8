/**
 * One `ipcMain.handle` per contract method, generated from the contract. Each handler checks that
 * the message comes from the app's own top-level page before the dispatcher validates the payload.
 */
import { ipcMain } from 'electron';
import { ErrorCodes, ipcChannel, METHOD_NAMES, type Result } from '../common/ipc';
import type { Dispatch } from '../workbench';
import type { SenderCheck } from './sender-check';

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
