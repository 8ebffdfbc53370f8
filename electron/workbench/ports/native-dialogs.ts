/**
 * The desktop app's native Open dialogs, as a port: Electron main implements it with
 * `dialog.showOpenDialog`; browser mode has none (the renderer keeps its file input and typed path).
 */
export interface NativeDialogs {
  /** The path of the map file the user chose; null when the dialog was cancelled. */
  chooseMapFile(): Promise<string | null>;
  /** The path of the folder the user chose; null when the dialog was cancelled. */
  chooseMapFolder(): Promise<string | null>;
}
