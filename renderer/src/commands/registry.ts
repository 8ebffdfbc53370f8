/**
 * One registry of the app's commands: the keyboard shortcuts, the command palette and the
 * shortcuts list all read it, so a command has one title, one shortcut and one action everywhere.
 *
 * Shortcuts are written as chords: modifiers in the order `Mod`, `Alt`, `Shift`, then the key, e.g.
 * `Mod+K`, `Alt+S`, `?`. `Mod` is Ctrl, or Cmd on macOS. Letters and digits are matched on the
 * physical key (macOS's Option+S types "ß"); other keys on the character typed, so `?` needs no
 * `Shift` and works on any layout that has it.
 */

export interface Command {
  /** Stable id, e.g. `runner.start`. */
  readonly id: string;
  /** What the palette and the shortcuts list show, e.g. "Start session". */
  readonly title: string;
  /** The heading it is listed under, e.g. "Consultation". */
  readonly group: string;
  /** Chords that run it (the first is the one shown). */
  readonly keys?: readonly string[];
  /** More words the palette matches. */
  readonly keywords?: readonly string[];
  /** Whether it can run now (default: always); a disabled command is listed but not run. */
  readonly enabled?: () => boolean;
  /**
   * Where its chord applies (default: everywhere). Outside, the key press is left to the page (the
   * map editor's own Ctrl+S); the palette still offers the command.
   */
  readonly when?: () => boolean;
  /** Whether its chord also works while a text field has the focus (default: only chords with Mod or Alt do). */
  readonly whileTyping?: boolean;
  readonly run: () => unknown;
}

/** The parts of a KeyboardEvent a chord is read from. */
export interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

/** The chord a key press makes, or null for a lone modifier. */
export function chordOf(press: KeyPress, mac: boolean): string | null {
  if (['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'CapsLock'].includes(press.key)) return null;
  const letterOrDigit = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(press.code);
  const key = letterOrDigit ? (letterOrDigit[1] ?? letterOrDigit[2]) : press.key.length === 1 ? press.key.toUpperCase() : press.key;
  const mod = mac ? press.metaKey : press.ctrlKey;
  const parts: string[] = [];
  if (mod) parts.push('Mod');
  if (mac ? press.ctrlKey : press.metaKey) parts.push(mac ? 'Ctrl' : 'Meta');
  if (press.altKey) parts.push('Alt');
  // A printed symbol already says whether Shift was down ("?" is Shift+/ on one layout, not on another).
  if (press.shiftKey && (letterOrDigit || key.length > 1)) parts.push('Shift');
  parts.push(key);
  return parts.join('+');
}

/** A chord's modifiers and key (the key may itself be "+"). */
function splitChord(chord: string): { modifiers: string[]; key: string } {
  if (chord === '+' || chord.endsWith('++')) return { modifiers: chord.slice(0, -2).split('+').filter(Boolean), key: '+' };
  const parts = chord.split('+');
  return { modifiers: parts.slice(0, -1), key: parts[parts.length - 1] ?? '' };
}

const KEY_NAMES: Readonly<Record<string, string>> = { Escape: 'Esc', ArrowUp: '↑', ArrowDown: '↓' };

/** A chord as people read it: `Ctrl+K` (or `⌘K` on macOS). */
export function formatChord(chord: string, mac: boolean): string {
  const { modifiers: parts, key } = splitChord(chord);
  const shown = KEY_NAMES[key] ?? key;
  if (mac) {
    const symbols: Readonly<Record<string, string>> = { Mod: '⌘', Ctrl: '⌃', Alt: '⌥', Shift: '⇧' };
    return parts.map((part) => symbols[part] ?? part).join('') + shown;
  }
  return [...parts.map((part) => (part === 'Mod' ? 'Ctrl' : part)), shown].join('+');
}

/** A chord in the form `aria-keyshortcuts` wants (`Control+K`, `Meta+K`, `Alt+S`, `?`). */
export function ariaChord(chord: string, mac: boolean): string {
  const { modifiers: parts, key } = splitChord(chord);
  return [...parts.map((part) => (part === 'Mod' ? (mac ? 'Meta' : 'Control') : part === 'Ctrl' ? 'Control' : part)), key].join('+');
}

/** Whether a chord may fire while the user is typing in a field: only with Mod or Alt held. */
function typingSafe(chord: string): boolean {
  return /^(?:Mod|Alt|Ctrl|Meta)\+/.test(chord);
}

export class CommandRegistry {
  private readonly commands = new Map<string, Command>();
  private readonly listeners = new Set<() => void>();

  /** Adds commands (a command with a known id replaces it); returns the function that removes them again. */
  register(commands: readonly Command[]): () => void {
    for (const command of commands) {
      for (const chord of command.keys ?? []) {
        const taken = this.owner(chord);
        if (taken && taken.id !== command.id) throw new Error(`${chord} is already the shortcut of "${taken.title}"`);
      }
      this.commands.set(command.id, command);
    }
    this.changed();
    return () => {
      for (const command of commands) if (this.commands.get(command.id) === command) this.commands.delete(command.id);
      this.changed();
    };
  }

  /** Every command, in the order they were registered. */
  list(): Command[] {
    return [...this.commands.values()];
  }

  get(id: string): Command | undefined {
    return this.commands.get(id);
  }

  isEnabled(command: Command): boolean {
    return command.enabled ? command.enabled() : true;
  }

  /** Runs a command if it is enabled; true when it ran. */
  run(id: string): boolean {
    const command = this.commands.get(id);
    if (!command || !this.isEnabled(command)) return false;
    void command.run();
    return true;
  }

  /** The command a chord belongs to here and now, if any (while typing, only commands allowed then). */
  forChord(chord: string, typing: boolean): Command | undefined {
    for (const command of this.commands.values()) {
      if (!command.keys?.includes(chord)) continue;
      if (typing && !(command.whileTyping ?? typingSafe(chord))) continue;
      if (command.when && !command.when()) continue;
      return command;
    }
    return undefined;
  }

  private owner(chord: string): Command | undefined {
    return [...this.commands.values()].find((command) => command.keys?.includes(chord));
  }

  /**
   * Handles a key press: runs the command its chord belongs to and returns true (the caller then
   * prevents the browser's default). A disabled command still takes its chord, so Ctrl+S never
   * opens the browser's "Save page" instead.
   */
  handle(press: KeyPress, options: { mac: boolean; typing: boolean }): boolean {
    const chord = chordOf(press, options.mac);
    if (!chord) return false;
    const command = this.forChord(chord, options.typing);
    if (!command) return false;
    if (this.isEnabled(command)) void command.run();
    return true;
  }

  /** Calls back after every change (the palette and the shortcuts list re-read the list). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Something the palette can offer: a command, or an item such as a map or a saved consultation. */
export interface PaletteEntry {
  readonly id: string;
  readonly title: string;
  /** Shown after the title, e.g. "Map" or "Saved consultation". */
  readonly kind: string;
  readonly keywords?: readonly string[];
  /** The shortcut shown beside it. */
  readonly chord?: string;
  readonly enabled: boolean;
  readonly run: () => unknown;
}

/** Lower case, punctuation as spaces: "Theme: light" reads as "theme light". */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The entries that match a query, best first: every word of the query must occur in the title,
 * kind or keywords. A title that starts with the query ranks first, then titles holding more of
 * the query's words, then matches at the start of words; ties keep the given order. An empty
 * query gives every entry.
 */
export function searchEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...entries];
  const scored: { entry: PaletteEntry; rank: number[]; index: number }[] = [];
  entries.forEach((entry, index) => {
    const title = normalise(entry.title);
    const haystack = [title, normalise(entry.kind), ...(entry.keywords ?? []).map(normalise)].join(' ');
    if (!words.every((word) => haystack.includes(word))) return;
    const startsWithQuery = title.startsWith(words.join(' ')) ? 0 : 1;
    const missingFromTitle = words.filter((word) => !title.includes(word)).length;
    const midWord = words.filter((word) => !new RegExp(`(?:^| )${escapeRegExp(word)}`).test(haystack)).length;
    scored.push({ entry, rank: [startsWithQuery, missingFromTitle, midWord], index });
  });
  const compare = (a: number[], b: number[]) => a.reduce((found, value, at) => found || value - (b[at] ?? 0), 0);
  return scored.sort((a, b) => compare(a.rank, b.rank) || a.index - b.index).map((item) => item.entry);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
