/**
 * How evidence nodes and edges are drawn. Source colours follow the platform's Studio evidence tree
 * (`shared/spec/api-wire.md` §4.3) so knowledge engineers recognise a fact's source at a glance;
 * everything else (fills, text, lines) comes from the app's palette, so the graph follows the theme.
 */
import type { StylesheetJson } from 'cytoscape';
import type { EvidenceEdge, EvidenceNode } from './evidence-model';
import type { GraphTheme } from './graph-theme';
import { LABEL_FONT, LABEL_MAX_WIDTH, LEGIBLE_FONT_PX } from './label-metrics';
import type { LabelFont } from './label-metrics';

const sourceColours: Readonly<Record<string, string>> = {
  rule: '#2f4fb5',
  expression: '#7048e8',
  injection: '#2b8a3e',
  answer: '#c92a2a',
  datasource: '#237032',
  knowledgemap: '#f76707',
  km: '#f76707',
  synthesis: '#868e96',
};

/** The source a factID's kind implies, before its evidence is fetched. */
const kindSources: Readonly<Record<string, string>> = {
  RF: 'rule',
  KF: 'knowledgemap',
  AF: 'answer',
  IF: 'injection',
  DF: 'datasource',
  XX: 'synthesis',
};

export function colourOf(node: EvidenceNode): string {
  if (node.kind === 'rule') return sourceColours.rule;
  if (node.kind === 'expression') return sourceColours.expression;
  if (node.kind === 'unmet') return sourceColours.synthesis;
  const source = node.source ?? (node.factKind ? kindSources[node.factKind] : undefined);
  return (source && sourceColours[source]) || '#495057';
}

/** Edge labels: smaller than node labels, still legible at the zoom "Fit" allows. */
export const EDGE_LABEL_FONT: LabelFont = { size: 10, family: LABEL_FONT.family, lineHeight: 1 };
/** `text-background-padding` of edge labels, counted into their boxes. */
export const EDGE_LABEL_PADDING = 2;

const charWidth = 7;

/**
 * A rough node size from a label's characters, for graphs whose labels cytoscape wraps itself
 * (interaction log, diff, coverage). The evidence graph measures its labels (label-metrics.ts).
 */
export function nodeSize(label: string): { w: number; h: number } {
  const lines = label.split('\n');
  const longest = Math.min(40, Math.max(...lines.map((line) => line.length)));
  return { w: Math.max(90, Math.round(longest * charWidth + 24)), h: 18 + lines.length * 15 };
}

export interface DrawnNode {
  /** Wrapped label text (label-metrics.ts). */
  readonly text: string;
  readonly w: number;
  readonly h: number;
}

export function nodeData(node: EvidenceNode, expandable: boolean, drawn: DrawnNode, hiddenCount?: number): Record<string, unknown> {
  return {
    id: node.id,
    label: drawn.text,
    kind: node.kind,
    colour: colourOf(node),
    w: drawn.w,
    h: drawn.h,
    expandable,
    ...(hiddenCount !== undefined ? { hidden: hiddenCount } : {}),
  };
}

/** The "+N" stub under a collapsed node: opening it shows what it stands for. */
export function stubId(nodeId: string): string {
  return `more|${nodeId}`;
}

export function stubData(nodeId: string, count: number, drawn: DrawnNode): Record<string, unknown> {
  return { id: stubId(nodeId), label: drawn.text, kind: 'more', of: nodeId, w: drawn.w, h: drawn.h };
}

export function edgeData(edge: EvidenceEdge): Record<string, unknown> {
  // Line weight by certainty, as the official viewer does: thick when certain, thin below 50%.
  const certainty = edge.certainty ?? 100;
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    label: edge.kind === 'condition' ? edge.label : '',
    kind: edge.kind,
    weight: certainty >= 100 ? 4 : certainty < 50 ? 1 : 2,
    met: edge.met !== false,
  };
}

/** `#rgb`, `#rrggbb` or `rgb(…)` → [r, g, b]; null if the colour is written some other way. */
function rgbOf(colour: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((digit) => digit + digit).join('') : hex[1];
    return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(colour.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

/** `a` blended into `b` (`share` of `a`): lines a step softer than text, in any palette. */
export function mixColours(a: string, b: string, share: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  if (!x || !y) return a;
  const channel = (index: number) => Math.round(x[index] * share + y[index] * (1 - share));
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

/*
 * Every property a selector sets is applied to each element it matches (and checked for what it
 * invalidates) before the first frame, so at 2,000 nodes each one costs tens of milliseconds: the
 * base `node` and `edge` rules hold only what every element needs. Text properties apply only to
 * nodes whose labels are shown (the `labelled` class), and arrowheads and condition labels only to
 * the edges of graphs small enough to read them (`full`); the edges of large graphs are cytoscape's
 * default, cheapest kind (haystack, no arrow, no label). Defaults (`text-halign: center`) are not
 * repeated.
 */
export function evidenceStylesheet(theme: GraphTheme): StylesheetJson {
  const edgeColour = mixColours(theme.muted, theme.canvas, 0.55);
  const faintEdge = mixColours(theme.muted, theme.canvas, 0.3);
  return [
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle',
        width: 'data(w)',
        height: 'data(h)',
        'background-color': theme.panel,
        'border-width': 2,
        'border-color': 'data(colour)',
      },
    },
    // Labels arrive wrapped and measured (label-metrics.ts); the max width is only there so cytoscape
    // never wraps them again. Below LEGIBLE_FONT_PX on screen cytoscape leaves them out, and "Fit"
    // never zooms that far.
    {
      selector: 'node.labelled',
      style: {
        label: 'data(label)',
        'text-wrap': 'wrap',
        'text-max-width': `${LABEL_MAX_WIDTH + 8}px`,
        'text-valign': 'center',
        'font-family': LABEL_FONT.family,
        'font-size': LABEL_FONT.size,
        'line-height': LABEL_FONT.lineHeight,
        color: theme.text,
        'min-zoomed-font-size': LEGIBLE_FONT_PX,
      },
    },
    {
      selector: 'node[kind = "rule"]',
      style: { shape: 'cut-rectangle', 'background-color': 'data(colour)', 'border-width': 0 },
    },
    { selector: 'node.labelled[kind = "rule"]', style: { color: '#ffffff' } },
    {
      selector: 'node[kind = "expression"]',
      style: { shape: 'round-tag', 'background-color': theme.panel2 },
    },
    {
      selector: 'node[kind = "unmet"]',
      style: { 'border-style': 'dashed', 'background-color': theme.panel2 },
    },
    { selector: 'node.labelled[kind = "unmet"]', style: { color: theme.muted } },
    { selector: 'node[?expandable]', style: { 'border-width': 3, 'background-color': theme.panel2 } },
    // A collapsed node and the "+N" stub that opens it.
    { selector: 'node[hidden]', style: { 'border-style': 'double', 'border-width': 4 } },
    {
      selector: 'node[kind = "more"]',
      style: {
        shape: 'round-rectangle',
        'background-color': theme.accentSoft,
        'border-color': theme.accent,
        'border-style': 'dashed',
      },
    },
    { selector: 'node.labelled[kind = "more"]', style: { color: theme.accent, 'font-weight': 'bold' } },
    { selector: 'node:selected', style: { 'overlay-color': theme.accent, 'overlay-opacity': 0.18, 'overlay-padding': 6 } },
    { selector: 'node.match', style: { 'underlay-color': theme.highlight, 'underlay-opacity': 0.5, 'underlay-padding': 8 } },
    { selector: '.faded', style: { opacity: 0.25 } },
    // Line weight by certainty. Without `full`, cytoscape's default haystack edge: straight, no arrow,
    // no label, the cheapest it draws; a tree read top-down needs no arrowheads.
    { selector: 'edge', style: { width: 'data(weight)', 'line-color': edgeColour } },
    {
      selector: 'edge.full',
      style: {
        // Straight edges keep each condition's label at its own midpoint (taxi edges share one bus),
        // where edge-labels.ts expects it.
        'curve-style': 'straight',
        'target-arrow-shape': 'triangle',
        'target-arrow-color': edgeColour,
        'arrow-scale': 0.8,
        label: 'data(label)',
        'font-family': EDGE_LABEL_FONT.family,
        'font-size': EDGE_LABEL_FONT.size,
        color: theme.muted,
        'text-background-color': theme.canvas,
        'text-background-opacity': 0.9,
        'text-background-padding': `${EDGE_LABEL_PADDING}px`,
        'min-zoomed-font-size': LEGIBLE_FONT_PX,
      },
    },
    // Edges into a stack of leaves (tree-layout.ts) end on each leaf's trunk side, so none crosses
    // the leaves before it.
    { selector: 'edge.full.stacked-down-after', style: { 'target-endpoint': '-50% 0%' } },
    { selector: 'edge.full.stacked-down-before', style: { 'target-endpoint': '50% 0%' } },
    { selector: 'edge.full.stacked-right-after', style: { 'target-endpoint': '0% -50%' } },
    { selector: 'edge.full.stacked-right-before', style: { 'target-endpoint': '0% 50%' } },
    // A column of leaves under their parent (two-sided form): from the parent's near side, low, to each leaf's near side.
    { selector: 'edge.full.column-after', style: { 'source-endpoint': '-50% 40%', 'target-endpoint': '-50% 0%' } },
    { selector: 'edge.full.column-before', style: { 'source-endpoint': '50% 40%', 'target-endpoint': '50% 0%' } },
    // Labels that would collide wait for hover or focus (`reveal`), drawn above everything then.
    { selector: 'edge.full.quiet', style: { 'text-opacity': 0, 'text-background-opacity': 0 } },
    {
      selector: 'edge.full.reveal',
      style: { 'text-opacity': 1, 'text-background-opacity': 1, color: theme.text, 'z-index': 10, 'line-color': theme.accent },
    },
    { selector: 'edge[kind = "stub"]', style: { 'line-style': 'dotted', 'line-color': theme.accent, width: 1 } },
    { selector: 'edge[!met]', style: { 'line-color': faintEdge } },
    { selector: 'edge.full[!met]', style: { 'line-style': 'dashed', color: theme.muted } },
  ];
}
