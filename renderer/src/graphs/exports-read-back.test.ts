/**
 * What the graphs' "Export JSON" buttons write, the Logs tab reads back (issue 14: what Lapwing
 * writes, Lapwing reads): the evidence graph's file as evidence, the interaction graph's as a log.
 * Both go through the very parsers the Logs tab's imports use.
 */
import { describe, expect, it } from 'vitest';
import type { EvidenceRecord } from '../api/wire';
import { parseEvidenceJson, parseInteractionLog } from '../../../electron/cases';
import { EvidenceGraphModel } from './evidence-model';
import { syntheticEvidence } from './synthetic-evidence';

/** What downloadJson writes. */
const written = (value: unknown) => JSON.stringify(value, null, 2);

describe('the graph exports read back', () => {
  it("the evidence graph's JSON imports as the evidence it shows", () => {
    const { rootId, records } = syntheticEvidence(20);
    const graph = new EvidenceGraphModel(records.get(rootId) as EvidenceRecord);
    graph.expandFrom(records);
    const read = parseEvidenceJson(written(graph.toJSON()), { file: 'evidence.json' });
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(Object.keys(read.value).sort()).toEqual([...records.keys()].sort());
    expect(read.value[rootId].factID).toBe(rootId);
  });

  it("the interaction graph's JSON (the log's entries) imports as the same log", () => {
    // As the Logs tab holds them: an imported log's entries, which its interaction graph exports.
    const imported = parseInteractionLog(
      written([
        { event: 'start', created: '2026-11-24T09:00:00Z', values: { start: { kmID: 'map-1' } } },
        { event: 'query', created: '2026-11-24T09:00:01Z', values: { query: { subject: 'Bruno', relationship: 'speaks' } } },
      ]),
    );
    if (!imported.ok) throw new Error(JSON.stringify(imported));
    const entries = imported.value.entries;
    expect(entries).toHaveLength(2);
    const read = parseInteractionLog(written(entries), { file: 'session-interactions.json' });
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(read.value.skipped).toEqual([]);
    expect(read.value.entries).toEqual(entries);
  });
});
