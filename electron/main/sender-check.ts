/**
 * Who may call the contract from an Electron renderer: only the main frame of the app's window,
 * showing a page of the `app://lapwing` origin (not an iframe, not a page navigated elsewhere).
 * Kept free of runtime Electron imports so it can be unit-tested under plain Node.
 */
import type { IpcMainInvokeEvent } from 'electron';
import { isAppUrl } from './app-origin';

/** The parts of an invoke event the check reads (an IpcMainInvokeEvent has them all). */
export type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'> & {
  readonly sender: Pick<IpcMainInvokeEvent['sender'], 'id' | 'mainFrame'>;
};

/** Whether an IPC message comes from the main frame of the app's window, showing an app:// page. */
export type SenderCheck = (event: SenderEvent) => boolean;

/** The default check: main frame only, `app://lapwing` origin only, from the given web contents. */
export function trustedSender(webContentsId: () => number | null): SenderCheck {
  return (event) => {
    const frame = event.senderFrame;
    if (!frame || frame !== event.sender.mainFrame) return false;
    if (event.sender.id !== webContentsId()) return false;
    return isAppUrl(frame.url);
  };
}
