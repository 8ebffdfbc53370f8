/**
 * Graph colours come from the app's palette (the CSS custom properties of `main.css`), read when a
 * graph is drawn and again whenever the theme changes (`data-theme` on the root element, or the
 * system's colour scheme), so graphs follow a dark palette without knowing it. Canvas drawing cannot
 * use `var(--x)` itself: cytoscape needs the resolved colours.
 */

export interface GraphTheme {
  /** The canvas behind the graph. */
  readonly canvas: string;
  /** Node fill. */
  readonly panel: string;
  /** Fill of nodes that stand for something else (collapsed, unmet). */
  readonly panel2: string;
  readonly line: string;
  readonly text: string;
  readonly muted: string;
  readonly accent: string;
  readonly accentSoft: string;
  readonly ok: string;
  readonly warn: string;
  readonly bad: string;
  /** Highlight behind search matches. */
  readonly highlight: string;
}

/** The light palette of main.css, for when no stylesheet is there to read (unit tests, the JSON export). */
const FALLBACK_THEME: GraphTheme = {
  canvas: '#f8f9fb',
  panel: '#ffffff',
  panel2: '#f8f9fb',
  line: '#dde1e7',
  text: '#1d2129',
  muted: '#5c6470',
  accent: '#1f5fbf',
  accentSoft: '#e8f0fc',
  ok: '#2b8a3e',
  warn: '#a15c00',
  bad: '#c92a2a',
  highlight: '#fab005',
};

/** Custom property read for each theme colour (graph-specific ones fall back to the palette's). */
const VARIABLES: Readonly<Record<keyof GraphTheme, readonly string[]>> = {
  canvas: ['--graph-canvas', '--panel-2'],
  panel: ['--panel'],
  panel2: ['--panel-2'],
  line: ['--line'],
  text: ['--text'],
  muted: ['--muted'],
  accent: ['--accent'],
  accentSoft: ['--accent-2'],
  ok: ['--ok'],
  warn: ['--warn'],
  bad: ['--bad'],
  highlight: ['--graph-highlight'],
};

export function readGraphTheme(element: Element | null = typeof document !== 'undefined' ? document.documentElement : null): GraphTheme {
  if (!element || typeof getComputedStyle !== 'function') return FALLBACK_THEME;
  const style = getComputedStyle(element);
  const theme: Record<string, string> = {};
  for (const [key, names] of Object.entries(VARIABLES) as [keyof GraphTheme, readonly string[]][]) {
    const value = names.map((name) => style.getPropertyValue(name).trim()).find((found) => found !== '');
    theme[key] = value ?? FALLBACK_THEME[key];
  }
  return theme as unknown as GraphTheme;
}

/**
 * Calls `onChange` with the new theme when the root's `data-theme`, `class` or `style` changes, or
 * the system switches between light and dark. Returns the function that stops watching.
 */
export function watchGraphTheme(onChange: (theme: GraphTheme) => void): () => void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return () => {};
  let last = JSON.stringify(readGraphTheme());
  const check = () => {
    const theme = readGraphTheme();
    const key = JSON.stringify(theme);
    if (key === last) return;
    last = key;
    onChange(theme);
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', check);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', check);
  };
}
