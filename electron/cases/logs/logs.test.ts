import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionEntry } from '../../common/decision-api';
import { openCasesStore } from '../../store';
import { evaluateCase } from '../core';
import { replayCase } from '../replay/replay';
import { adaCase } from '../test-support/language-cases';
import { startCaseServer, type CaseServer } from '../test-support/server';
import {
  caseFromSession,
  parseEvidenceJson,
  parseInteractionLog,
  parseInteractionsCsv,
  parseInteractionsJson,
  sessionFromLog,
} from './index';

let server: CaseServer;
let jsonLog: string;
let csvLog: string;
let evidenceExport: string;

/** A consultation recorded by the server (interaction recording on for the live version), exported as JSON and CSV. */
beforeAll(async () => {
  server = await startCaseServer();
  const registry = server.server.server.registry;
  registry.updateSettings(server.mapId, 1, { recordInteractions: true });
  const observation = await replayCase(adaCase(server.mapId), server.target('live', { policy: 'live' }));
  const sessionId = observation.sessionId as string;
  const json = await server.client.interactions(sessionId, { interactionKey: server.keys.interactionKey });
  const csv = await server.client.interactionsCsv(sessionId, { interactionKey: server.keys.interactionKey });
  if (!json.ok || !csv.ok) throw new Error('the interaction log could not be read');
  jsonLog = JSON.stringify(json.value, null, 2);
  csvLog = csv.value;
  evidenceExport = JSON.stringify(observation.evidence);
});
afterAll(() => server.dispose());

describe('interaction logs exported from a deployment', () => {
  it('reads the JSON and the CSV form to the same consultation', () => {
    const fromJson = parseInteractionsJson(jsonLog);
    const fromCsv = parseInteractionsCsv(csvLog);
    expect(fromJson.ok && fromCsv.ok).toBe(true);
    if (!fromJson.ok || !fromCsv.ok) return;
    expect(fromJson.value.entries.map((entry) => entry.event)).toEqual([
      'start',
      'query',
      'question',
      'answer',
      'question',
      'answer',
      'question',
      'answer',
      'result',
    ]);
    expect(fromCsv.value.entries.map((entry) => entry.event)).toEqual(fromJson.value.entries.map((entry) => entry.event));
    expect(fromCsv.value.skipped).toEqual([]);
    const a = sessionFromLog(fromJson.value.entries);
    const b = sessionFromLog(fromCsv.value.entries);
    expect(b).toEqual(a);
    expect(a.results.map((result) => [result.object, result.certainty])).toEqual([
      ['French', 90],
      ['Welsh', 76],
      ['English', 76],
    ]);
  });

  it('turns an imported session into a case that replays and passes', async () => {
    const parsed = parseInteractionLog(csvLog);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const made = caseFromSession(sessionFromLog(parsed.value.entries), { name: 'From production', mapId: server.mapId });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const { testCase, notes } = made.value;
    expect(notes).toEqual([]);
    expect(testCase.target.version).toEqual({ policy: 'live' });
    expect(testCase.answers.map((answer) => [answer.question.relationship, answer.question.form, answer.reply.kind])).toEqual([
      ['lives in', 'second-form-object', 'values'],
      ['has lived in', 'second-form-object', 'values'],
      ['took lessons in', 'first-form', 'yes-no'],
    ]);
    const observation = await replayCase(testCase, server.target('live'));
    expect(evaluateCase(testCase, observation).status).toBe('passed');
  });

  it('keeps the CSV parser tolerant and says what it skipped', () => {
    const text = [
      'Event,Created,Subject,Relationship,Object,Certainty,Prompt,Details,Colour',
      'start,2026-05-01T10:00:00.000Z,,,,,,"{""start"":{""sessionID"":""s1"",""useDraft"":false}}",red',
      'query,2026-05-01T10:00:01.000Z,Ada,speaks,,,,,',
      'teleport,2026-05-01T10:00:02.000Z,,,,,,,',
      'result,2026-05-01T10:00:03.000Z,Ada,speaks,English,very,,{not json',
      'result,2026-05-01T10:00:03.000Z,Ada,speaks,Welsh,76',
    ].join('\n');
    const parsed = parseInteractionsCsv(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.skipped.map((note) => `${note.where}: ${note.reason}`)).toEqual([
      'line 1, column 9: unknown column "Colour" ignored',
      'line 4: unknown event "teleport"',
      'line 5: details are not valid JSON; ignored',
      'line 5: certainty "very" is not a number; left out',
    ]);
    const result = parsed.value.entries.find((entry) => entry.event === 'result') as InteractionEntry;
    expect(result.values.results).toEqual([
      { subject: 'Ada', relationship: 'speaks', object: 'English' },
      { subject: 'Ada', relationship: 'speaks', object: 'Welsh', certainty: 76 },
    ]);
    expect(parsed.value.entries[0].values).toEqual({ start: { sessionID: 's1', useDraft: false } });
    const headless = parseInteractionsCsv('query,2026-05-01T10:00:01.000Z,Ada,speaks\n');
    expect(headless.ok && headless.value.skipped[0].reason).toBe("no header row: columns read in Lapwing's order");
  });

  it('refuses files it cannot read, saying where', () => {
    expect(parseInteractionsCsv('event,created\nstart,"2026-05-01', { file: 'log.csv' })).toMatchObject({
      ok: false,
      error: { code: 'cases/not-json', file: 'log.csv' },
    });
    expect(parseInteractionsCsv('event,created\nnothing,x\n')).toMatchObject({
      ok: false,
      error: { message: 'no usable rows (1 skipped)' },
    });
    expect(parseInteractionsJson('[{"event": "start", "values": {}},\n  {"event": ')).toMatchObject({
      ok: false,
      error: { code: 'cases/not-json', line: 2 },
    });
    expect(parseInteractionsJson('{"event": "start"}')).toMatchObject({ ok: false, error: { code: 'cases/invalid', path: '$' } });
    const skipping = parseInteractionsJson('[{"event": "start", "values": {"start": {}}}, {"event": "telemetry", "values": {}}, 7]');
    expect(skipping.ok && skipping.value.skipped).toEqual([
      { where: '$[1]', reason: 'unknown event "telemetry"' },
      { where: '$[2]', reason: 'not an object' },
    ]);
  });
});

describe('evidence exported from a deployment', () => {
  it('reads records by fact ID, an array, or one record', () => {
    const byId = parseEvidenceJson(evidenceExport);
    expect(byId.ok && Object.keys(byId.value).length).toBeGreaterThan(3);
    if (!byId.ok) return;
    const records = Object.values(byId.value);
    const fromArray = parseEvidenceJson(JSON.stringify(records));
    expect(fromArray.ok && Object.keys(fromArray.value)).toEqual(Object.keys(byId.value));
    const one = parseEvidenceJson(JSON.stringify({ ...records[0], source: 'km' }));
    expect(one.ok && Object.values(one.value)[0].source).toBe('knowledgemap');
  });

  it('reads back what the evidence graph exports ({ root, records, nodes, edges })', () => {
    const byId = parseEvidenceJson(evidenceExport);
    if (!byId.ok) throw new Error('fixture');
    const records = Object.values(byId.value);
    const graphExport = { root: records[0].factID, records, nodes: [{ id: records[0].factID }], edges: [] };
    const read = parseEvidenceJson(JSON.stringify(graphExport));
    expect(read.ok && Object.keys(read.value)).toEqual(Object.keys(byId.value));
    const broken = parseEvidenceJson(JSON.stringify({ ...graphExport, records: [{ factID: 'x' }] }));
    expect(broken).toMatchObject({ ok: false, error: { path: expect.stringMatching(/^\$\.records\[0\]/) } });
  });

  it('refuses an invalid record with its path', () => {
    const broken = parseEvidenceJson('[{"factID": "WA:RF:1", "source": "rule", "fact": {}, "time": 0}]');
    expect(broken).toMatchObject({ ok: false, error: { code: 'cases/invalid', path: '$[0].fact.subject' } });
  });
});

describe('stored logs', () => {
  it('keeps an imported log with its evidence, and a failed import changes nothing', () => {
    const store = openCasesStore(':memory:');
    const parsed = parseInteractionsJson(jsonLog);
    const evidence = parseEvidenceJson(evidenceExport);
    if (!parsed.ok || !evidence.ok) throw new Error('fixture');
    const saved = store.logs.save({ name: 'Ada in production', fileName: 'ada.json', log: parsed.value });
    expect(saved).toMatchObject({ format: 'json', entryCount: 9, evidenceCount: 0 });
    expect(saved.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.logs.addEvidence(saved.id, evidence.value)?.evidenceCount).toBe(Object.keys(evidence.value).length);
    expect(store.logs.addEvidence('missing', evidence.value)).toBeUndefined();
    const bad = parseInteractionsJson('[1, 2');
    expect(bad.ok).toBe(false);
    expect(store.logs.list()).toHaveLength(1);
    expect(store.logs.get(saved.id)?.entries).toHaveLength(9);
    store.close();
  });
});
