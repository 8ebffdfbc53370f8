/** The workbench: services behind the IPC contract, wired by one composition root. */
export type { Workbench } from './create-workbench';
export { createDefaultWorkbench } from './defaults';
export type { Dispatch } from './dispatch';
export type { NativeDialogs } from './ports/native-dialogs';
export { ProviderSettingsService } from './services/provider-settings-service';
/** The data folder the CLI, browser mode and the desktop app share (from the server, where the registry lives). */
export { dataFolder } from '../server';
