/**
 * The public sample maps in ../shared/samples (relative to the project root): every one must load
 * without errors, except the deliberately broken diagnostics tour, whose every EXPECTed problem must
 * be reported. Skipped (with a notice) where the shared folder is not present.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, KnowledgeMap, LoadResult } from '../model/types';
import { loadMap } from './index';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const samples = join(projectRoot, '..', 'shared', 'samples');
const present = existsSync(samples);
if (!present) console.warn('compatibility suite: ../shared/samples not found, skipping');
const test = present ? it : it.skip;

const TOUR = 'vscode--diagnostics-tour.rbl';

function mapFiles(): string[] {
  if (!present) return [];
  const inFolder = (folder: string) =>
    readdirSync(folder)
      .filter((name) => /\.(xml|rbl|rblang)$/.test(name))
      .map((name) => join(folder, name));
  return [...inFolder(samples), ...inFolder(join(samples, 'large'))];
}

function load(relative: string): { result: LoadResult; map: KnowledgeMap } {
  const result = loadMap(readFileSync(join(samples, relative), 'utf8'));
  if (result.map === undefined) throw new Error(`${relative} gave no map`);
  return { result, map: result.map };
}

function errors(result: LoadResult): Diagnostic[] {
  return result.diagnostics.filter((d) => d.severity === 'error');
}

describe('compatibility with the public sample maps', () => {
  test('finds the samples', () => {
    expect(mapFiles().length).toBeGreaterThanOrEqual(20);
  });

  test.each(
    mapFiles()
      .filter((file) => !file.endsWith(TOUR))
      .map((file) => [file.slice(samples.length + 1)]),
  )('%s loads without errors', (relative) => {
    const { result } = load(relative);
    expect(errors(result)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  test('hello world: 3 concepts and a cf 75 rule with 2 conditions', () => {
    const { map } = load('vscode-hello-world.rbl');
    expect(map.concepts.size).toBe(3);
    expect(map.rules).toHaveLength(1);
    expect(map.rules[0]).toMatchObject({ certainty: 75, name: 'Speaks national language of home country', relationship: 'speaks' });
    expect(map.rules[0].conditions).toHaveLength(2);
    expect(map.relationships.get('speaks')).toMatchObject({ plural: true, askable: 'all' });
    expect(map.facts).toHaveLength(2);
  });

  test('incident triage: 61 rules', () => {
    expect(load('vscode-incident-triage.rbl').map.rules).toHaveLength(61);
  });

  test('coffeebird hello world extended: the undeclared condition relationship is only a warning', () => {
    const { result } = load('coffeebird-hello-world-extended.xml');
    expect(result.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.code)).toEqual(['name/undeclared-relationship']);
    expect(result.diagnostics[0].message).toContain("'has national language'");
  });

  test('coffeebird: minimumRuleCertainty and quoted condition literals', () => {
    expect(load('coffeebird-hello-world.xml').map.rules[0].minimumCertainty).toBe(60);
    const rule = load('coffeebird-rules.xml').map.rules[1];
    expect(rule.conditions[0]).toMatchObject({ kind: 'relationship', object: { kind: 'literal', value: 'Germany' } });
  });

  test('the datasource sample keeps its datasource', () => {
    const { map } = load('vscode-support-case-datasource.rbl');
    expect(map.concepts.get('Customer')?.datasources[0]).toMatchObject({
      name: 'CRM tier lookup',
      hostname: 'https://postman-echo.com',
      path: '/get?tier=Premium&customer={{%S}}',
      method: 'GET',
      actions: [{ relationship: 'has support tier', path: '/args/tier', children: [] }],
    });
  });

  test.each([
    ['large/gcs--tm-alert-adjudication.xml', 126, 157, 36],
    ['large/gcs--sanctions-hit-adjudication.xml', 132, 205, 43],
    ['large/gcs--meridian-medicaid-medicare-eligibility.xml', 204, 297, 48],
    ['large/vscode--bigger_map.rbl', 261, 297, 64],
  ])('%s has %i relationships, %i rules and %i concepts', (relative, relationships, rules, concepts) => {
    const { map } = load(relative);
    expect(map.relationships.size).toBe(relationships);
    expect(map.rules).toHaveLength(rules);
    expect(map.concepts.size).toBe(concepts);
    const byRelationship = [...map.rulesByRelationship.values()].reduce((sum, list) => sum + list.length, 0);
    expect(byRelationship).toBe(rules);
  });
});

describe('the deliberately broken diagnostics tour', () => {
  const text = present ? readFileSync(join(samples, 'large', TOUR), 'utf8') : '';
  const lines = text.split('\n');
  /** 1-based line numbers of EXPECT and OK marker comments. */
  const markers = lines.flatMap((line, i) => (/^\s*<!--\s*(EXPECT|OK)\b/.test(line) ? [i + 1] : []));

  /** Lines after a marker up to the next marker, at most 6. */
  function windowAfter(marker: number): [number, number] {
    const next = markers.find((line) => line > marker) ?? lines.length + 1;
    return [marker + 1, Math.min(next - 1, marker + 6)];
  }

  test('loads without crashing, with a map and errors', () => {
    const result = loadMap(text);
    expect(result.map).toBeDefined();
    expect(result.ok).toBe(false);
  });

  test('reports every EXPECTed problem on or just after the line that follows its comment', () => {
    const result = loadMap(text);
    const expectations = markers.filter((line) => /EXPECT/.test(lines[line - 1]));
    expect(expectations.length).toBe(55);
    const missing: string[] = [];
    for (const marker of expectations) {
      const comment = lines[marker - 1].trim();
      const wanted = /\bx(\d)\b/.exec(comment) ? Number(/\bx(\d)\b/.exec(comment)?.[1]) : 1;
      const [from, to] = windowAfter(marker);
      const found = result.diagnostics.filter((d) => d.line >= from && d.line <= to);
      if (found.length < wanted) missing.push(`line ${marker}: ${comment} (found ${found.length} of ${wanted})`);
    }
    expect(missing).toEqual([]);
  });

  test('reports nothing for the blocks marked OK', () => {
    const result = loadMap(text);
    const okMarkers = markers.filter((line) => /^\s*<!--\s*OK\b/.test(lines[line - 1]));
    expect(okMarkers.length).toBeGreaterThanOrEqual(3);
    for (const marker of okMarkers) {
      const next = markers.find((line) => line > marker) ?? lines.length + 1;
      const found = result.diagnostics.filter((d) => d.line > marker && d.line < next);
      expect(found, `OK block at line ${marker}`).toEqual([]);
    }
  });
});
