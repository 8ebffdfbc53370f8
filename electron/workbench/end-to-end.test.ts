/**
 * The workbench with its real collaborators (except the keychain): the embedded Decision API
 * server on a loopback port with the bundled maps, the HTTP client, SQLite on disk.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuestionResponse, type ConsultationResponse } from '../common/decision-api';
import { createDefaultWorkbench } from './defaults';
import type { Workbench } from './create-workbench';
import { FakeKeychain } from './test-support/fakes';
import { callsOn } from './test-support/calls';

const appRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let dataDir: string;
let workbench: Workbench;
const { value } = callsOn(() => workbench);
const keychain = new FakeKeychain();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-e2e-'));
  workbench = await createDefaultWorkbench({ dataDir, appRoot, mode: 'browser', keychain });
});
afterAll(async () => {
  await workbench?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Answers every pending question with its first offered value (or a yes / a number). */
function answersFor(response: ConsultationResponse) {
  if (!isQuestionResponse(response)) return [];
  return [response.question, ...(response.extraQuestions ?? [])].map((question) => {
    if (question.type === 'First Form')
      return {
        subject: question.subject,
        relationship: question.relationship,
        object: question.object ?? undefined,
        answer: 'yes' as const,
      };
    const offered = question.concepts.find((concept) => !concept.invalidResponse)?.value;
    const object = question.dataType === 'number' ? 30 : (offered ?? 'England');
    if (question.type === 'Second Form Subject')
      return {
        subject: String(offered ?? 'Ada'),
        relationship: question.relationship,
        object: question.object ?? undefined,
        certainty: 100,
      };
    return { subject: question.subject, relationship: question.relationship, object: object ?? 'England', certainty: 100 };
  });
}

describe('workbench end to end against the embedded engine', () => {
  it('lists the bundled map on first launch and makes it the Local default', async () => {
    const info = await value('app.info', {});
    expect(info.localEngine.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.localEngine.version).toMatch(/^\d+\.\d+\.\d+/);
    // Known in-process (no HTTP call at start-up), it must still be what the engine's /version answers.
    const served = await fetch(`${info.localEngine.url}/version`);
    expect(await served.text()).toBe(info.localEngine.version);
    const { maps } = await value('maps.list', { environmentId: 'local' });
    expect(maps.map((map) => map.name)).toContain('hello-world');
    expect(maps[0]?.versions[0]).toMatchObject({ number: 1, live: true });
    const local = (await value('environments.list', {})).environments[0];
    expect(local?.defaultMapId).toBe(maps[0]?.id);

    const map = await value('maps.get', { environmentId: 'local', mapId: maps[0]?.id ?? '' });
    expect(map.rblang).toContain('lives in');
    expect(map.vocabulary.relationships.map((relationship) => relationship.name)).toContain('speaks');
    expect(map.rules.find((rule) => rule.id === 'Language of home')).toMatchObject({
      relationship: 'speaks',
      conditions: ['lives in', 'national language', 'is aged'],
    });
  });

  it('runs a consultation to a result, undoes, reads evidence and the interaction log, saves it', async () => {
    const started = await value('consultation.start', { environmentId: 'local' });
    const { sessionId } = started;
    let response = await value('consultation.query', { sessionId, query: { subject: 'Ada', relationship: 'speaks' } });
    let steps = 0;
    while (isQuestionResponse(response) && steps < 20) {
      response = await value('consultation.respond', { sessionId, answers: answersFor(response) });
      steps += 1;
    }
    expect(isQuestionResponse(response)).toBe(false);
    if (isQuestionResponse(response)) return;
    expect(response.result.length).toBeGreaterThan(0);
    const fact = response.result[0];

    const evidence = await value('consultation.evidence', { sessionId, factId: fact?.factID ?? '' });
    expect(evidence.factID).toBe(fact?.factID);
    const log = await value('consultation.interactions', { sessionId });
    expect(log.entries.map((entry) => entry.event)).toContain('query');
    const info = await value('consultation.sessionInfo', { sessionId, filter: 'facts' });
    expect(info.facts?.local.length).toBeGreaterThan(0);

    const undone = await value('consultation.undo', { sessionId });
    expect(isQuestionResponse(undone)).toBe(true);

    const saved = await value('consultations.save', { sessionId, notes: 'end to end' });
    expect(saved.query).toBe('speaks(Ada, ?)');
    const reopened = await value('consultations.get', { id: saved.id });
    expect(reopened.transcript.steps.at(-1)?.kind).toBe('undo');
  });

  it('injects more than one batch', async () => {
    const { sessionId } = await value('consultation.start', { environmentId: 'local' });
    const facts = Array.from({ length: 260 }, (_, index) => ({ subject: `Person ${index}`, relationship: 'lives in', object: 'France' }));
    expect(await value('consultation.inject', { sessionId, facts })).toMatchObject({ injected: 260, batches: 2 });
  });

  it('reports an engine refusal as data', async () => {
    const { sessionId } = await value('consultation.start', { environmentId: 'local' });
    const refused = await workbench.dispatch('consultation.inject', {
      sessionId,
      facts: [{ subject: 'Ada', relationship: 'lives on', object: 'Mars' }],
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'engine/rejected', details: { status: 400 } } });
  });

  it('keeps no key in the data folder', async () => {
    await value('keys.set', { environmentId: 'community', kind: 'api', value: 'NEVER-ON-DISK-123' });
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name)).includes('NEVER-ON-DISK-123')).toBe(false);
  });
});
