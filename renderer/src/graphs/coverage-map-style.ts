/**
 * How the coverage map is drawn: exercised relationships and rules solid green, unexercised ones
 * grey and dashed (so the difference survives greyscale and colour blindness), concepts neutral.
 */
import type { StylesheetJson } from 'cytoscape';
import { mixColours } from './evidence-style';
import type { GraphTheme } from './graph-theme';

export const COVERAGE_COLOURS = { exercised: '#2b8a3e', unexercised: '#adb5bd', concept: '#495057', rule: '#2f4fb5' } as const;

/** Fills and text from the app's palette (graph-theme.ts), so the map follows the theme. */
export const coverageStylesheet = (theme: GraphTheme): StylesheetJson => [
  {
    selector: 'node',
    style: {
      width: 'data(w)',
      height: 'data(h)',
      label: 'data(label)',
      'text-wrap': 'wrap',
      'text-max-width': '240px',
      'text-valign': 'center',
      'text-halign': 'center',
      'font-family': 'system-ui, "DejaVu Sans", sans-serif',
      'font-size': 12,
      color: theme.text,
      'background-color': theme.panel,
      'border-width': 2,
      'min-zoomed-font-size': 6,
    },
  },
  {
    selector: 'node.concept',
    style: { shape: 'ellipse', 'background-color': theme.panel2, 'border-color': theme.muted, 'font-weight': 'bold' },
  },
  { selector: 'node.relationship', style: { shape: 'round-rectangle' } },
  { selector: 'node.rule', style: { shape: 'cut-rectangle', 'font-size': 10 } },
  {
    selector: 'node.relationship.exercised',
    style: {
      'border-width': 3,
      'border-color': COVERAGE_COLOURS.exercised,
      'background-color': mixColours(COVERAGE_COLOURS.exercised, theme.panel, 0.12),
    },
  },
  { selector: 'node.rule.exercised', style: { 'border-width': 0, 'background-color': COVERAGE_COLOURS.exercised, color: '#ffffff' } },
  {
    selector: 'node.unexercised',
    style: { 'border-style': 'dashed', 'border-color': COVERAGE_COLOURS.unexercised, color: theme.muted, 'background-color': theme.panel2 },
  },
  { selector: 'node:selected', style: { 'overlay-color': theme.accent, 'overlay-opacity': 0.18, 'overlay-padding': 6 } },
  { selector: 'node.match', style: { 'underlay-color': '#fab005', 'underlay-opacity': 0.5, 'underlay-padding': 8 } },
  {
    selector: 'edge',
    style: {
      width: 1,
      'curve-style': 'bezier',
      'line-color': mixColours(theme.muted, theme.canvas, 0.3),
      'target-arrow-shape': 'triangle',
      'target-arrow-color': mixColours(theme.muted, theme.canvas, 0.3),
      'arrow-scale': 0.7,
    },
  },
  {
    selector: 'edge.exercised',
    style: { width: 2, 'line-color': COVERAGE_COLOURS.exercised, 'target-arrow-color': COVERAGE_COLOURS.exercised },
  },
  { selector: 'edge.unexercised', style: { 'line-style': 'dashed' } },
  { selector: '.faded', style: { opacity: 0.25 } },
];
