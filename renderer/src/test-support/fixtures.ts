/** Small, valid contract values for store tests. */
import type { Environment, MapSummary, SavedConsultation, Transcript, TranscriptStep } from '../../../electron/common/ipc';
import type { ConsultationResponse } from '../api/wire';

const AT = '2026-01-01T00:00:00.000Z';

export function environment(id: string, overrides: Partial<Environment> = {}): Environment {
  return {
    id,
    name: id,
    kind: 'local',
    baseUrl: 'http://127.0.0.1:1',
    defaultMapId: null,
    versionPolicy: { kind: 'live' },
    builtIn: false,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function mapSummary(id: string, liveVersion?: number): MapSummary {
  return {
    id,
    name: `Map ${id}`,
    versions: liveVersion === undefined ? [] : [{ number: liveVersion, id: `${id}-v${liveVersion}`, createdAt: AT, live: true, note: '' }],
    hasDraft: true,
    updatedAt: AT,
  };
}

export function results(...triples: [string, string, string, number][]): ConsultationResponse {
  return {
    result: triples.map(([subject, relationship, object, certainty]) => ({
      subject,
      relationship,
      relationshipType: 'singular',
      object,
      certainty,
      factID: `WA:RF:${subject}:${object}`,
      subjectMetadata: {},
      objectMetadata: {},
    })),
    queryProfile: [],
    sid: 'S1',
    stats: {},
  };
}

export function transcript(steps: TranscriptStep[]): Transcript {
  return {
    format: 1,
    target: {
      environmentId: 'local',
      environmentName: 'Local',
      baseUrl: 'http://127.0.0.1:1',
      mapId: 'm1',
      versionPolicy: { kind: 'live' },
    },
    sessionId: 'S0',
    kmVersionId: 'v1',
    startedAt: AT,
    steps,
  };
}

export function savedConsultation(id: string, steps: TranscriptStep[]): SavedConsultation {
  const script = transcript(steps);
  return {
    id,
    title: `Consultation ${id}`,
    mapId: 'm1',
    environmentName: 'Local',
    query: null,
    questionCount: 0,
    results: [],
    createdAt: AT,
    updatedAt: AT,
    notes: '',
    target: script.target,
    transcript: script,
  };
}
