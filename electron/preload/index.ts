/**
 * The preload: exposes exactly the IPC contract as `window.lapwing.invoke(method, input)`, and
 * nothing else (no `ipcRenderer`, no generic channel). Method names are checked here too, so the
 * page cannot reach any channel outside the contract even by mistake; payloads are validated in main.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { ipcChannel, isMethodName, PRELOAD_GLOBAL, type Invoke, type PreloadBridge } from '../common/ipc';

const invoke = ((method: string, input: unknown) => {
  if (!isMethodName(method)) {
    return Promise.resolve({ ok: false, error: { code: 'ipc/unknown-method', message: `Unknown method "${method}".` } });
  }
  return ipcRenderer.invoke(ipcChannel(method), input);
}) as Invoke;

const bridge: PreloadBridge = Object.freeze({ invoke });
contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, bridge);
