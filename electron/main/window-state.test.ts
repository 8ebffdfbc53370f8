import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, loadWindowState, parseWindowState, placeWindow, saveWindowState, stateOf, WINDOW_STATE_FILE } from './window-state';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'lapwing-window-'));
  folders.push(made);
  return made;
}

const laptop = { x: 0, y: 0, width: 1920, height: 1050 };
const rightMonitor = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('window state', () => {
  it('opens where and as large as it was closed, maximized included, across a save and a load', async () => {
    const dir = await folder();
    await saveWindowState(dir, stateOf({ x: 2100.4, y: 80, width: 1600, height: 1000 }, true));
    const { state, problem } = await loadWindowState(dir);
    expect(problem).toBeUndefined();
    expect(placeWindow(state, [laptop, rightMonitor])).toEqual({ x: 2100, y: 80, width: 1600, height: 1000, maximized: true });
  });

  it('opens centred at the default size the first time', async () => {
    const { state, problem } = await loadWindowState(await folder());
    expect(state).toBeNull();
    expect(problem).toBeUndefined();
    expect(placeWindow(state, [laptop])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });

  it('centres a window whose monitor is gone, shrunk to the screen that is left', () => {
    const state = { x: 2100, y: 80, width: 2400, height: 1300, maximized: false };
    expect(placeWindow(state, [laptop])).toEqual({ width: 1920, height: 1050, maximized: false });
  });

  it('keeps a window that is partly off screen when its title bar can still be grabbed', () => {
    const state = { x: 1700, y: 100, width: 1200, height: 800, maximized: false };
    expect(placeWindow(state, [laptop])).toMatchObject({ x: 1700, y: 100 });
    expect(placeWindow({ ...state, x: 1850 }, [laptop])).not.toHaveProperty('x');
  });

  it('ignores a damaged or invalid file with a reason, and a save replaces it whole', async () => {
    const dir = await folder();
    await writeFile(join(dir, WINDOW_STATE_FILE), '{"x": 1, "y": 2, "width": 10');
    expect(await loadWindowState(dir)).toEqual({ state: null, problem: `${WINDOW_STATE_FILE} is ignored: it is not JSON` });

    await writeFile(join(dir, WINDOW_STATE_FILE), JSON.stringify({ x: 1, y: 2, width: 300, height: 700 }));
    const tooSmall = await loadWindowState(dir);
    expect(tooSmall.state).toBeNull();
    expect(tooSmall.problem).toMatch(/ignored: width: .*900/);

    await saveWindowState(dir, stateOf({ x: 5, y: 6, width: 1024, height: 768 }, false));
    expect(JSON.parse(await readFile(join(dir, WINDOW_STATE_FILE), 'utf8'))).toEqual({
      x: 5,
      y: 6,
      width: 1024,
      height: 768,
      maximized: false,
    });
  });

  it('refuses to store a state that would not load again', async () => {
    const dir = await folder();
    await expect(saveWindowState(dir, { x: 0.5, y: 0, width: 1000, height: 700, maximized: false })).rejects.toThrow();
    expect(parseWindowState('{"x":0,"y":0,"width":1000,"height":700}')).toEqual({
      ok: true,
      state: { x: 0, y: 0, width: 1000, height: 700, maximized: false },
    });
  });
});
