/**
 * How evidence nodes and edges are drawn. Colours follow the platform's Studio evidence tree
 * (`shared/spec/api-wire.md` §4.3) so knowledge engineers recognise a fact's source at a glance.
 */
import type { StylesheetJson } from 'cytoscape';
import type { EvidenceEdge, EvidenceNode } from './evidence-model';

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

const charWidth = 7;

/** Node box size from its label, computed once so layout does not measure text (costly at 2,000 nodes). */
export function nodeSize(label: string): { w: number; h: number } {
  const lines = label.split('\n');
  const longest = Math.min(40, Math.max(...lines.map((line) => line.length)));
  return { w: Math.max(90, Math.round(longest * charWidth + 24)), h: 18 + lines.length * 15 };
}

/** `size` defaults to `nodeSize(node.label)`; pass it when already computed (the layout needs it too). */
export function nodeData(node: EvidenceNode, expandable: boolean, size = nodeSize(node.label)): Record<string, unknown> {
  const { w, h } = size;
  return {
    id: node.id,
    label: node.label,
    kind: node.kind,
    colour: colourOf(node),
    w,
    h,
    expandable,
  };
}

/** `compact` leaves the label out (large graphs: unreadable at their scale, and costly to draw). */
export function edgeData(edge: EvidenceEdge, compact = false): Record<string, unknown> {
  // Line weight by certainty, as the official viewer does: thick when certain, thin below 50%.
  const certainty = edge.certainty ?? 100;
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    label: edge.kind === 'condition' && !compact ? edge.label : '',
    kind: edge.kind,
    weight: certainty >= 100 ? 4 : certainty < 50 ? 1 : 2,
    met: edge.met !== false,
  };
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
export const evidenceStylesheet: StylesheetJson = [
  {
    selector: 'node',
    style: {
      shape: 'round-rectangle',
      width: 'data(w)',
      height: 'data(h)',
      'background-color': '#ffffff',
      'border-width': 2,
      'border-color': 'data(colour)',
    },
  },
  // Labels only where they can be read: measuring 2,000 labels that are drawn a pixel high would
  // double the time to show a large graph (see EvidenceGraph's `labelled` class).
  {
    selector: 'node.labelled',
    style: {
      label: 'data(label)',
      'text-wrap': 'wrap',
      'text-max-width': '260px',
      'text-valign': 'center',
      'font-family': 'system-ui, "DejaVu Sans", sans-serif',
      'font-size': 12,
      color: '#1d2129',
      // Hide text when zoomed far out: unreadable there, and drawing it dominates large graphs.
      'min-zoomed-font-size': 7,
    },
  },
  {
    selector: 'node[kind = "rule"]',
    style: { shape: 'cut-rectangle', 'background-color': 'data(colour)', 'border-width': 0 },
  },
  { selector: 'node.labelled[kind = "rule"]', style: { color: '#ffffff' } },
  {
    selector: 'node[kind = "expression"]',
    style: { shape: 'round-tag', 'background-color': '#f3f0ff' },
  },
  {
    selector: 'node[kind = "unmet"]',
    style: { 'border-style': 'dashed', 'background-color': '#f8f9fa' },
  },
  { selector: 'node.labelled[kind = "unmet"]', style: { color: '#868e96' } },
  { selector: 'node[?expandable]', style: { 'border-width': 3, 'background-color': '#f1f3f5' } },
  { selector: 'node:selected', style: { 'overlay-color': '#1c7ed6', 'overlay-opacity': 0.18, 'overlay-padding': 6 } },
  { selector: 'node.match', style: { 'underlay-color': '#fab005', 'underlay-opacity': 0.5, 'underlay-padding': 8 } },
  { selector: '.faded', style: { opacity: 0.25 } },
  // Line weight by certainty. Without `full`, cytoscape's default haystack edge: straight, no arrow,
  // no label, the cheapest it draws; a tree read top-down needs no arrowheads.
  { selector: 'edge', style: { width: 'data(weight)', 'line-color': '#adb5bd' } },
  {
    selector: 'edge.full',
    style: {
      // Straight edges keep each condition's label at its own midpoint (taxi edges share one bus).
      'curve-style': 'straight',
      'target-arrow-shape': 'triangle',
      'target-arrow-color': '#adb5bd',
      'arrow-scale': 0.8,
      label: 'data(label)',
      'font-size': 9,
      color: '#495057',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
      'text-background-padding': '2px',
      'min-zoomed-font-size': 8,
    },
  },
  { selector: 'edge[!met]', style: { 'line-color': '#ced4da' } },
  { selector: 'edge.full[!met]', style: { 'line-style': 'dashed', color: '#868e96' } },
];
