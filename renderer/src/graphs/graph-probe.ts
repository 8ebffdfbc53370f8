/**
 * A read-only view of the evidence graphs on screen, for end-to-end tests that check what the
 * canvas shows (labels present, legible, inside their shapes; edge labels shown or waiting for
 * hover). A canvas has no DOM to query, so the tests read cytoscape's own model through this.
 *
 * Installed as `window.__lapwingGraphs` only in development builds, or when the page was opened
 * with `localStorage['lapwing.graphProbe'] = 'on'` (the e2e specs set it before the app loads).
 * It returns plain snapshots: nothing in it can change a graph.
 */
import type { Core, NodeSingular } from 'cytoscape';
import type { Scene } from './evidence-scene';

interface ProbeBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

interface ProbeNode {
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  /** Whether cytoscape draws the label now: labels on, and the on-screen size at least its `min-zoomed-font-size`. */
  readonly labelDrawn: boolean;
  /** On-screen font size of the label. */
  readonly fontPx: number;
  /** Node shape and label, in graph units. */
  readonly box: ProbeBox;
  readonly labelBox: ProbeBox;
  /** Node shape on screen (canvas pixels). */
  readonly rendered: ProbeBox;
  /** Fill and text colours as cytoscape resolved them (they follow the theme). */
  readonly fill: string;
  readonly text: string;
}

interface ProbeEdge {
  readonly id: string;
  readonly label: string;
  /** Drawn without hover (`true`) or only on hover/focus (`false`). */
  readonly labelShown: boolean;
  /** Shown right now (hover or focus included). */
  readonly labelVisible: boolean;
  readonly labelBox: ProbeBox | null;
}

interface GraphSnapshot {
  readonly factId: string;
  readonly zoom: number;
  /** Screen position of the graph's origin: screen = graph × zoom + pan. */
  readonly pan: { readonly x: number; readonly y: number };
  readonly width: number;
  readonly height: number;
  readonly direction: string;
  readonly nodes: ProbeNode[];
  readonly edges: ProbeEdge[];
}

interface ProbeSource {
  readonly factId: string;
  readonly core: Core | null;
  readonly scene: Scene | null;
}

const sources = new Set<() => ProbeSource>();

function box(value: { x1: number; y1: number; x2: number; y2: number }): ProbeBox {
  return { x1: value.x1, y1: value.y1, x2: value.x2, y2: value.y2 };
}

/**
 * Cytoscape's own test for drawing a label (`eleTextBiggerThanMin`): the font size at the zoom's
 * texture level (a power of two) against `min-zoomed-font-size`.
 */
function drawnAtZoom(font: number, minimum: number, zoom: number): boolean {
  const level = 2 ** Math.ceil(Math.log2(zoom * (window.devicePixelRatio || 1)));
  return font * level >= minimum;
}

function probeNode(node: NodeSingular, zoom: number): ProbeNode {
  const label = String(node.data('label') ?? '');
  const font = Number(node.numericStyle('font-size'));
  const fontPx = font * zoom;
  const minimum = Number(node.numericStyle('min-zoomed-font-size'));
  return {
    id: node.id(),
    kind: String(node.data('kind') ?? ''),
    label,
    labelDrawn: node.hasClass('labelled') && label !== '' && drawnAtZoom(font, minimum, zoom),
    fontPx,
    box: box(node.boundingBox({ includeLabels: false, includeOverlays: false })),
    labelBox: box(node.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true, includeOverlays: false })),
    rendered: box(node.renderedBoundingBox({ includeLabels: false, includeOverlays: false })),
    fill: String(node.style('background-color')),
    text: String(node.style('color')),
  };
}

function snapshot(source: ProbeSource): GraphSnapshot | null {
  const core = source.core;
  if (!core || !source.scene) return null;
  const zoom = core.zoom();
  return {
    factId: source.factId,
    zoom,
    pan: { ...core.pan() },
    width: core.width(),
    height: core.height(),
    direction: source.scene.direction,
    nodes: core.nodes().map((node) => probeNode(node, zoom)),
    edges: core.edges().map((edge) => {
      const label = String(edge.data('label') ?? '');
      const full = edge.hasClass('full') && label !== '';
      return {
        id: edge.id(),
        label,
        labelShown: full && !edge.hasClass('quiet'),
        labelVisible: full && Number(edge.numericStyle('text-opacity')) > 0,
        labelBox: full
          ? box(edge.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true, includeOverlays: false }))
          : null,
      };
    }),
  };
}

function enabled(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return window.localStorage.getItem('lapwing.graphProbe') === 'on';
  } catch {
    return false;
  }
}

function install(): void {
  if (typeof window === 'undefined' || '__lapwingGraphs' in window || !enabled()) return;
  const probe = Object.freeze({
    evidence: (): GraphSnapshot[] => [...sources].flatMap((source) => snapshot(source()) ?? []),
  });
  Object.defineProperty(window, '__lapwingGraphs', { value: probe, enumerable: false, writable: false });
}

/** Adds a graph to the probe; returns the function that removes it (on unmount). */
export function registerGraph(source: () => ProbeSource): () => void {
  sources.add(source);
  install();
  return () => {
    sources.delete(source);
  };
}
