/**
 * How the coverage map is drawn: exercised relationships and rules solid green, unexercised ones
 * grey and dashed (so the difference survives greyscale and colour blindness), concepts neutral.
 */
import type { StylesheetJson } from 'cytoscape';

export const COVERAGE_COLOURS = { exercised: '#2b8a3e', unexercised: '#adb5bd', concept: '#495057', rule: '#2f4fb5' } as const;

export const coverageStylesheet: StylesheetJson = [
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
      color: '#1d2129',
      'background-color': '#ffffff',
      'border-width': 2,
      'min-zoomed-font-size': 6,
    },
  },
  {
    selector: 'node.concept',
    style: { shape: 'ellipse', 'background-color': '#e9ecef', 'border-color': COVERAGE_COLOURS.concept, 'font-weight': 'bold' },
  },
  { selector: 'node.relationship', style: { shape: 'round-rectangle' } },
  { selector: 'node.rule', style: { shape: 'cut-rectangle', 'font-size': 10 } },
  {
    selector: 'node.relationship.exercised',
    style: { 'border-width': 3, 'border-color': COVERAGE_COLOURS.exercised, 'background-color': '#ebfbee' },
  },
  { selector: 'node.rule.exercised', style: { 'border-width': 0, 'background-color': COVERAGE_COLOURS.exercised, color: '#ffffff' } },
  {
    selector: 'node.unexercised',
    style: { 'border-style': 'dashed', 'border-color': COVERAGE_COLOURS.unexercised, color: '#868e96', 'background-color': '#f8f9fa' },
  },
  { selector: 'node:selected', style: { 'overlay-color': '#1c7ed6', 'overlay-opacity': 0.18, 'overlay-padding': 6 } },
  { selector: 'node.match', style: { 'underlay-color': '#fab005', 'underlay-opacity': 0.5, 'underlay-padding': 8 } },
  {
    selector: 'edge',
    style: {
      width: 1,
      'curve-style': 'bezier',
      'line-color': '#ced4da',
      'target-arrow-shape': 'triangle',
      'target-arrow-color': '#ced4da',
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
