import { describe, expect, it } from 'vitest';
import { ariaChord, chordOf, CommandRegistry, formatChord, searchEntries, type KeyPress, type PaletteEntry } from './registry';

function press(key: string, code: string, modifiers: Partial<Omit<KeyPress, 'key' | 'code'>> = {}): KeyPress {
  return { key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers };
}

describe('chords', () => {
  it('reads Ctrl on Linux and Windows and Cmd on macOS as Mod, and letters by their physical key', () => {
    expect(chordOf(press('k', 'KeyK', { ctrlKey: true }), false)).toBe('Mod+K');
    expect(chordOf(press('k', 'KeyK', { metaKey: true }), true)).toBe('Mod+K');
    expect(chordOf(press('k', 'KeyK', { ctrlKey: true }), true)).toBe('Ctrl+K');
    // macOS: Option+S types "ß", still the S key.
    expect(chordOf(press('ß', 'KeyS', { altKey: true }), true)).toBe('Alt+S');
    expect(chordOf(press('1', 'Digit1', { altKey: true }), false)).toBe('Alt+1');
    expect(chordOf(press('S', 'KeyS', { ctrlKey: true, shiftKey: true }), false)).toBe('Mod+Shift+S');
  });

  it('reads a printed symbol as typed, without the Shift that produced it', () => {
    expect(chordOf(press('?', 'Slash', { shiftKey: true }), false)).toBe('?');
    expect(chordOf(press('/', 'Slash', { ctrlKey: true }), false)).toBe('Mod+/');
    expect(chordOf(press('Enter', 'Enter', { ctrlKey: true, shiftKey: true }), false)).toBe('Mod+Shift+Enter');
    expect(chordOf(press('Control', 'ControlLeft', { ctrlKey: true }), false)).toBeNull();
  });

  it('shows chords the way each platform writes them, and in the form aria-keyshortcuts wants', () => {
    expect(formatChord('Mod+K', false)).toBe('Ctrl+K');
    expect(formatChord('Mod+K', true)).toBe('⌘K');
    expect(formatChord('Alt+Shift+S', true)).toBe('⌥⇧S');
    expect(formatChord('Mod+Enter', false)).toBe('Ctrl+Enter');
    expect(formatChord('Mod++', false)).toBe('Ctrl++');
    expect(ariaChord('Mod+K', false)).toBe('Control+K');
    expect(ariaChord('Mod+K', true)).toBe('Meta+K');
    expect(ariaChord('?', false)).toBe('?');
  });
});

describe('CommandRegistry', () => {
  it('runs the command a chord belongs to, and nothing for an unknown chord', () => {
    const registry = new CommandRegistry();
    const ran: string[] = [];
    registry.register([
      { id: 'palette', title: 'Command palette', group: 'Help', keys: ['Mod+K'], run: () => ran.push('palette') },
      { id: 'help', title: 'Keyboard shortcuts', group: 'Help', keys: ['?'], run: () => ran.push('help') },
    ]);
    expect(registry.handle(press('k', 'KeyK', { ctrlKey: true }), { mac: false, typing: false })).toBe(true);
    expect(registry.handle(press('j', 'KeyJ', { ctrlKey: true }), { mac: false, typing: false })).toBe(false);
    expect(ran).toEqual(['palette']);
  });

  it('leaves bare keys to a text field being typed in, but not chords with Ctrl or Alt', () => {
    const registry = new CommandRegistry();
    const ran: string[] = [];
    registry.register([
      { id: 'help', title: 'Keyboard shortcuts', group: 'Help', keys: ['?'], run: () => ran.push('help') },
      { id: 'save', title: 'Save', group: 'Consultation', keys: ['Mod+S'], run: () => ran.push('save') },
    ]);
    expect(registry.handle(press('?', 'Slash', { shiftKey: true }), { mac: false, typing: true })).toBe(false);
    expect(registry.handle(press('s', 'KeyS', { ctrlKey: true }), { mac: false, typing: true })).toBe(true);
    expect(ran).toEqual(['save']);
  });

  it('takes the chord of a disabled command without running it', () => {
    const registry = new CommandRegistry();
    let ran = 0;
    registry.register([{ id: 'save', title: 'Save', group: 'Consultation', keys: ['Mod+S'], enabled: () => false, run: () => (ran += 1) }]);
    expect(registry.handle(press('s', 'KeyS', { ctrlKey: true }), { mac: false, typing: false })).toBe(true);
    expect(registry.run('save')).toBe(false);
    expect(ran).toBe(0);
  });

  it('leaves a chord to the page where its command does not apply', () => {
    const registry = new CommandRegistry();
    let view = 'maps';
    let saved = 0;
    registry.register([
      { id: 'save', title: 'Save', group: 'Consultation', keys: ['Mod+S'], when: () => view === 'runner', run: () => (saved += 1) },
    ]);
    // In the map editor, Ctrl+S is the editor's own.
    expect(registry.handle(press('s', 'KeyS', { ctrlKey: true }), { mac: false, typing: true })).toBe(false);
    view = 'runner';
    expect(registry.handle(press('s', 'KeyS', { ctrlKey: true }), { mac: false, typing: true })).toBe(true);
    expect(saved).toBe(1);
  });

  it('refuses a second command on a taken chord, and frees commands when their owner unregisters', () => {
    const registry = new CommandRegistry();
    const remove = registry.register([{ id: 'a', title: 'A', group: 'G', keys: ['Alt+S'], run: () => {} }]);
    expect(() => registry.register([{ id: 'b', title: 'B', group: 'G', keys: ['Alt+S'], run: () => {} }])).toThrow(
      'Alt+S is already the shortcut of "A"',
    );
    let changes = 0;
    registry.subscribe(() => (changes += 1));
    remove();
    expect(registry.list()).toEqual([]);
    expect(changes).toBe(1);
    registry.register([{ id: 'b', title: 'B', group: 'G', keys: ['Alt+S'], run: () => {} }]);
    expect(registry.list().map((command) => command.id)).toEqual(['b']);
  });
});

describe('searchEntries', () => {
  const entry = (title: string, kind: string, keywords: string[] = []): PaletteEntry => ({
    id: title,
    title,
    kind,
    keywords,
    enabled: true,
    run: () => {},
  });
  const entries = [
    entry('Go to Runner', 'Command'),
    entry('Start session', 'Command', ['new', 'begin']),
    entry('Speaks languages', 'Map'),
    entry('Ada speaks French', 'Saved consultation'),
    entry('Inject facts', 'Command'),
  ];

  it('finds commands, maps and saved consultations by any word, titles starting with the query first', () => {
    expect(searchEntries(entries, 'speaks').map((found) => found.title)).toEqual(['Speaks languages', 'Ada speaks French']);
    expect(searchEntries(entries, 'consultation ada').map((found) => found.title)).toEqual(['Ada speaks French']);
    expect(searchEntries(entries, 'begin').map((found) => found.title)).toEqual(['Start session']);
    expect(searchEntries(entries, 'map').map((found) => found.title)).toEqual(['Speaks languages']);
    expect(searchEntries(entries, 'nothing like this')).toEqual([]);
    // Punctuation does not count, and a title holding more of the words ranks higher.
    const themes = [entry('Theme: follow the system', 'View', ['light', 'dark']), entry('Theme: light', 'View', ['dark'])];
    expect(searchEntries(themes, 'theme light').map((found) => found.title)).toEqual(['Theme: light', 'Theme: follow the system']);
    expect(searchEntries(entries, '  ')).toHaveLength(entries.length);
  });
});
