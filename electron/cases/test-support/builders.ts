/** Small builders for cases and observations in tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvidenceRecord } from '../../common/decision-api';
import { normaliseCase } from '../core';
import type { ObservedQuestion } from '../core';
import type { Observation, ObservedResult } from '../core';
import type { TestCase, TestCaseInput } from '../core';

const FIXTURES = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures');

/** The text of a fixture in `test-support/fixtures`. */
export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** A valid case about Ada's languages, with `overrides` on top. */
export function makeCase(overrides: Partial<TestCaseInput> = {}): TestCase {
  return normaliseCase({
    formatVersion: 1,
    name: 'Ada speaks',
    target: { mapId: 'map-1' },
    query: { subject: 'Ada', relationship: 'speaks' },
    ...overrides,
  });
}

export function question(
  relationship: string,
  subject: string | undefined,
  form: ObservedQuestion['form'] = 'second-form-object',
  object?: string,
): ObservedQuestion {
  return {
    relationship,
    ...(subject === undefined ? {} : { subject }),
    ...(object === undefined ? {} : { object }),
    form,
    prompt: `${relationship}?`,
  };
}

export function result(
  object: string,
  certainty: number,
  factID = `WA:RF:${object}`,
  subject = 'Ada',
  relationship = 'speaks',
): ObservedResult {
  return { subject, relationship, object, certainty, factID };
}

/** A completed observation with these questions, results and evidence. */
export function makeObservation(
  parts: {
    questions?: ObservedQuestion[];
    results?: ObservedResult[];
    evidence?: Record<string, EvidenceRecord>;
    outcome?: Observation['outcome'];
    stop?: Observation['stop'];
  } = {},
): Observation {
  return {
    target: { label: 'test', baseUrl: 'http://127.0.0.1:1', mapId: 'map-1', version: { policy: 'live' } },
    outcome: parts.outcome ?? 'completed',
    steps: [],
    questions: parts.questions ?? [],
    results: parts.results ?? [],
    evidence: parts.evidence ?? {},
    evidenceProblems: [],
    ...(parts.stop ? { stop: parts.stop } : {}),
    timing: { totalMs: 1, httpMs: 1 },
  };
}

/** An evidence record for a rule fact with relationship conditions pointing at `children`. */
export function ruleEvidence(
  factID: string,
  fact: { subject: string; relationship: string; object: string; certainty: number },
  rule: {
    name?: string;
    cap?: number;
    conditions: {
      subject: string;
      relationship: string;
      object: string;
      certainty: number;
      factID: string;
      impact?: number;
      salience?: number;
    }[];
  },
): EvidenceRecord {
  return {
    factID,
    source: 'rule',
    fact: {
      subject: { type: 'person', value: fact.subject, dataType: 'string' },
      relationship: { type: fact.relationship },
      object: { type: 'thing', value: fact.object, dataType: 'string' },
      certainty: fact.certainty,
    },
    time: 0,
    rule: {
      ...(rule.name === undefined ? {} : { name: rule.name }),
      bindings: {},
      ruleMaxCertainty: rule.cap ?? 100,
      conditions: rule.conditions.map((condition) => ({ salience: 100, impact: 50, objectType: 'string', ...condition })),
    },
  };
}

/** An evidence record for a leaf fact (answer, injection, map fact). */
export function leafEvidence(
  factID: string,
  source: EvidenceRecord['source'],
  fact: { subject: string; relationship: string; object: string; certainty: number },
): EvidenceRecord {
  return {
    factID,
    source,
    fact: {
      subject: { type: 'person', value: fact.subject, dataType: 'string' },
      relationship: { type: fact.relationship },
      object: { type: 'thing', value: fact.object, dataType: 'string' },
      certainty: fact.certainty,
    },
    time: 0,
  };
}
