/**
 * The main window's size and place, remembered between runs in `window-state.json` in the user
 * data folder. Plain functions (no Electron) so they are tested as they are: a file that is
 * missing, unreadable or invalid gives the defaults; a window that would open off every screen
 * (a monitor unplugged since) is centred on the primary one and shrunk to fit it.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const WINDOW_STATE_FILE = 'window-state.json';

/** The window's smallest size (the layout is designed from 1024 px wide; a little less still works). */
export const MIN_SIZE = { width: 900, height: 600 } as const;
export const DEFAULT_SIZE = { width: 1400, height: 900 } as const;

const WindowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(MIN_SIZE.width).max(100_000),
  height: z.number().int().min(MIN_SIZE.height).max(100_000),
  maximized: z.boolean().default(false),
});
type WindowState = z.infer<typeof WindowStateSchema>;

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What BrowserWindow is created with: no x/y means "centred". */
interface WindowPlacement {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  readonly maximized: boolean;
}

/** The stored state, or why there is none usable (so the caller can log it once). */
export function parseWindowState(text: string): { ok: true; state: WindowState } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not JSON' };
  }
  const parsed = WindowStateSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'the value'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, state: parsed.data };
}

/** How much of `a` lies inside `b`, in square pixels. */
function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where the window opens: the stored place when enough of the title bar area (its top 40 px, at
 * least 120 px wide) is on a screen so it can be grabbed; otherwise centred on the primary screen.
 * The size never exceeds the screen it opens on.
 */
export function placeWindow(state: WindowState | null, workAreas: readonly Rect[]): WindowPlacement {
  const primary = workAreas[0];
  const fit = (size: { width: number; height: number }, area: Rect | undefined) => ({
    width: area ? Math.max(Math.min(size.width, area.width), Math.min(MIN_SIZE.width, area.width)) : size.width,
    height: area ? Math.max(Math.min(size.height, area.height), Math.min(MIN_SIZE.height, area.height)) : size.height,
  });
  if (!state) return { ...fit(DEFAULT_SIZE, primary), maximized: false };
  const titleBar: Rect = { x: state.x, y: state.y, width: state.width, height: 40 };
  const home = workAreas.find((area) => overlap(titleBar, area) >= Math.min(120, state.width) * 40);
  if (!home) return { ...fit(state, primary), maximized: state.maximized };
  return { x: state.x, y: state.y, ...fit(state, home), maximized: state.maximized };
}

/** Reads the stored state; null (and the reason, for the log) when there is none usable. */
export async function loadWindowState(folder: string): Promise<{ state: WindowState | null; problem?: string }> {
  let text: string;
  try {
    text = await readFile(join(folder, WINDOW_STATE_FILE), 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return missing ? { state: null } : { state: null, problem: `${WINDOW_STATE_FILE} cannot be read: ${String(error)}` };
  }
  const parsed = parseWindowState(text);
  return parsed.ok ? { state: parsed.state } : { state: null, problem: `${WINDOW_STATE_FILE} is ignored: ${parsed.reason}` };
}

/** Stores the state whole or not at all (written beside, then renamed over the old file). */
export async function saveWindowState(folder: string, state: WindowState): Promise<void> {
  const valid = WindowStateSchema.parse(state);
  const file = join(folder, WINDOW_STATE_FILE);
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(valid, null, 2)}\n`, 'utf8');
  await rename(temporary, file);
}

/** The state of a window from its normal (unmaximized) bounds, sizes raised to the minimum. */
export function stateOf(normalBounds: Rect, maximized: boolean): WindowState {
  return {
    x: Math.round(normalBounds.x),
    y: Math.round(normalBounds.y),
    width: Math.max(MIN_SIZE.width, Math.round(normalBounds.width)),
    height: Math.max(MIN_SIZE.height, Math.round(normalBounds.height)),
    maximized,
  };
}
