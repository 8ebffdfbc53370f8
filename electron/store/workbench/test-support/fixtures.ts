// Test fixtures: a temp on-disk store and a realistic transcript (the Hello World "speaks" map).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuestionResponse, ResultResponse } from '../../../common/decision-api';
import type { Transcript } from '../../../common/ipc';
import { openWorkbenchStore, type WorkbenchStore } from '../index';

/** A store in a fresh temp directory; `dispose` closes it and deletes the directory. */
export function tempStore(): { store: WorkbenchStore; file: string; dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-store-'));
  const file = join(dir, 'workbench.sqlite');
  const store = openWorkbenchStore(file);
  return {
    store,
    file,
    dir,
    dispose: () => {
      if (store.db.open) store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const livesInQuestion: QuestionResponse = {
  sid: 'session-1',
  question: {
    subject: 'John',
    relationship: 'lives in',
    dataType: 'string',
    type: 'Second Form Object',
    plural: false,
    allowCF: true,
    allowUnknown: false,
    canAdd: true,
    prompt: 'Where does John live?',
    knownAnswers: [],
    concepts: [{ conceptType: 'country', name: 'England', type: 'string', value: 'England' }],
  },
};

export const speaksResult: ResultResponse = {
  sid: 'session-1',
  queryProfile: [],
  stats: {},
  result: [
    {
      subject: 'John',
      relationship: 'speaks',
      relationshipType: 'speaks',
      object: 'English',
      certainty: 75,
      factID: 'WA:RF:abc',
      subjectMetadata: {},
      objectMetadata: {},
    },
  ],
};

/** start → inject → query (question) → respond (result), with optional overrides. */
export function helloTranscript(overrides: Partial<Transcript> = {}): Transcript {
  return {
    format: 1,
    target: {
      environmentId: 'local',
      environmentName: 'Local',
      baseUrl: 'http://127.0.0.1:1234',
      mapId: 'hello-world',
      versionPolicy: { kind: 'draft' },
    },
    sessionId: 'session-1',
    kmVersionId: 'hello-world',
    startedAt: '2026-11-22T10:00:00.000Z',
    steps: [
      {
        kind: 'inject',
        at: '2026-11-22T10:00:01.000Z',
        facts: [{ subject: 'Mary', relationship: 'lives in', object: 'France', certainty: 100 }],
        response: { result: 'OK' },
      },
      { kind: 'query', at: '2026-11-22T10:00:02.000Z', query: { subject: 'John', relationship: 'speaks' }, response: livesInQuestion },
      {
        kind: 'respond',
        at: '2026-11-22T10:00:03.000Z',
        answers: [{ subject: 'John', relationship: 'lives in', object: 'England', certainty: 100 }],
        response: speaksResult,
      },
    ],
    ...overrides,
  };
}
