/**
 * Public sample maps answer as the platform does: every expected value marked [src] in
 * shared/samples/INDEX.md, and the [derived] ones computed with the documented formula.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerInput, ConsultationResponse } from '../../common/decision-api';
import type { ConsultationSession, DatasourceFetch } from '../session/types';
import { asQuestion, mapOf, rows, sessionOf, value } from '../test-support/harness';
import { readSample, samplesPresent } from '../test-support/shared-samples';

const describeSamples = samplesPresent ? describe : describe.skip;

/** Answers each question from `answers` (by relationship), skipping those mapped to `null`; returns the prompts asked. */
async function consult(
  session: ConsultationSession,
  first: ConsultationResponse,
  answers: Record<string, (string | number | boolean)[] | null>,
): Promise<{ prompts: string[]; final: ConsultationResponse }> {
  const prompts: string[] = [];
  let response = first;
  while ('question' in response) {
    const questions = [response.question, ...(response.extraQuestions ?? [])];
    prompts.push(...questions.map((question) => question.prompt));
    const batch = questions.flatMap((question): AnswerInput[] => {
      const given = answers[question.relationship];
      if (given === undefined) throw new Error(`unexpected question: ${question.prompt}`);
      if (given === null) return [{ subject: question.subject, relationship: question.relationship, unanswered: true }];
      if (question.type === 'First Form') {
        const object = question.object ?? undefined;
        return [
          {
            subject: question.subject,
            relationship: question.relationship,
            object: object === null ? undefined : object,
            answer: given.includes(object as string) ? 'yes' : 'no',
            certainty: 100,
          },
        ];
      }
      return given.map((object) => ({ subject: question.subject, relationship: question.relationship, object, certainty: 100 }));
    });
    response = value(await session.respond(batch));
  }
  return { prompts, final: response };
}

describeSamples('vscode-hello-world.rbl', () => {
  it('asks where Julio lives, then concludes French at 75', async () => {
    const session = sessionOf(readSample('vscode-hello-world.rbl'));
    const question = asQuestion(value(await session.query({ subject: 'Julio', relationship: 'speaks' }))).question;
    expect(question).toMatchObject({ type: 'Second Form Object', relationship: 'lives in', prompt: 'Which country does Julio live in?' });
    expect(rows(value(await session.respond([{ subject: 'Julio', relationship: 'lives in', object: 'France', certainty: 100 }])))).toEqual([
      ['Julio', 'French', 75],
    ]);
  });

  it('[src, live] re-asks an injected @90 fact with it in knownAnswers; skipping gives Tom speaks French 71', async () => {
    const session = sessionOf(readSample('vscode-hello-world.rbl'));
    value(session.inject([{ subject: 'Tom', relationship: 'lives in', object: 'France', certainty: 90 }]));
    const question = asQuestion(value(await session.query({ subject: 'Tom', relationship: 'speaks' }))).question;
    expect(question.knownAnswers).toHaveLength(1);
    expect(
      rows(value(await session.respond([{ subject: 'Tom', relationship: 'lives in', object: '', unanswered: true, certainty: 100 }]))),
    ).toEqual([['Tom', 'French', 71]]);
  });
});

describeSamples('vscode-504436fb-v1.rbl', () => {
  it('applies attribute defaults: bare relationships are askable, singular, allow certainty, cannot be skipped', async () => {
    const map = mapOf(readSample('vscode-504436fb-v1.rbl'));
    const [relationship] = [...map.relationships.values()];
    expect(relationship).toMatchObject({
      plural: false,
      askable: 'all',
      allowCF: true,
      allowUnknown: false,
      canAdd: { subject: true, object: true },
    });
  });
});

describeSamples('vscode-support-case-datasource.rbl', () => {
  // A real local server answers as the map's echo service does: the query string comes back under args.
  let server: Server;
  let local = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ args: Object.fromEntries(url.searchParams) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const viaLocal: DatasourceFetch = async (url, init) => {
    const response = await fetch(url.replace(/^https?:\/\/[^/]+/, local), {
      method: init.method,
      headers: init.headers,
      body: init.body ?? null,
    });
    return { status: response.status, text: await response.text() };
  };

  for (const [reopened, expected] of [
    [true, 70],
    [undefined, 47],
  ] as const) {
    it(`[src] Normal severity premium case, reopened ${reopened ?? 'absent'}: needs priority review at ${expected}`, async () => {
      const session = sessionOf(readSample('vscode-support-case-datasource.rbl'), { fetch: viaLocal });
      if (reopened) value(session.inject([{ subject: 'CASE-001', relationship: 'has been reopened', object: true, certainty: 100 }]));
      const first = value(await session.query({ subject: 'CASE-001', relationship: 'needs priority review' }));
      const { prompts, final } = await consult(session, first, { 'has severity': ['Normal'] });
      expect(prompts).toEqual(['What is the severity of CASE-001?']);
      expect(rows(final)).toEqual([['CASE-001', true, expected]]);
    });
  }
});

describeSamples('gcs-certainty-mechanics-lab.xml', () => {
  const lab = () => sessionOf(readSample('gcs-certainty-mechanics-lab.xml'));

  it('[src] Adverse Media only: risk level Elevated 85, recommended action Review 81 (95 x 86/101)', async () => {
    const session = lab();
    const level = await consult(session, value(await session.query({ subject: 'Acme', relationship: 'has risk level' })), {
      'has risk indicator': ['Adverse Media'],
    });
    expect(rows(level.final)).toEqual([['Acme', 'Elevated', 85]]);
    expect(rows(value(await session.query({ subject: 'Acme', relationship: 'recommended action' })))).toEqual([['Acme', 'Review', 81]]);
  });

  it('[src] Adverse Media and Late Statutory Filings: Elevated stays 85 (MAX, not OR)', async () => {
    const session = lab();
    const level = await consult(session, value(await session.query({ subject: 'Acme', relationship: 'has risk level' })), {
      'has risk indicator': ['Adverse Media', 'Late Statutory Filings'],
    });
    expect(rows(level.final)).toEqual([['Acme', 'Elevated', 85]]);
  });

  it('[src] Sanctions List Match: Decline 100 after one question, and Severe 95', async () => {
    const session = lab();
    const action = await consult(session, value(await session.query({ subject: 'Acme', relationship: 'recommended action' })), {
      'has risk indicator': ['Sanctions List Match'],
    });
    expect(action.prompts).toEqual(['Which risk indicators have been raised against Acme?']);
    expect(rows(action.final)).toEqual([['Acme', 'Decline', 100]]);
    expect(rows(value(await session.query({ subject: 'Acme', relationship: 'has risk level' })))).toEqual([['Acme', 'Severe', 95]]);
  });

  for (const [label, corroborators, expected] of [
    ['all corroborators', [true, true, true], 95],
    ['anchor only', [null, null, null], 66],
    ['anchor plus audited accounts', [true, null, null], 79],
  ] as const) {
    it(`[src] established supplier, ${label}: ${expected}`, async () => {
      const session = lab();
      const answer = (given: boolean | null) => (given === null ? null : [given]);
      const result = await consult(session, value(await session.query({ subject: 'Acme', relationship: 'is established supplier' })), {
        'years trading': [7],
        'has audited accounts': answer(corroborators[0]),
        'has trade references': answer(corroborators[1]),
        'has insurance cover': answer(corroborators[2]),
      });
      expect(rows(result.final)).toEqual([['Acme', true, expected]]);
    });
  }
});

describeSamples('vscode-eligibility.rbl', () => {
  it('asks the date of birth (a date question) and decides Eligible at 100', async () => {
    const session = sessionOf(readSample('vscode-eligibility.rbl'));
    const question = asQuestion(value(await session.query({ subject: 'Pat', relationship: 'has eligibility' }))).question;
    expect(question).toMatchObject({ relationship: 'has date of birth', dataType: 'date', prompt: "What is Pat's date of birth?" });
    expect(
      rows(value(await session.respond([{ subject: 'Pat', relationship: 'has date of birth', object: '1970-03-01', certainty: 100 }]))),
    ).toEqual([['Pat', 'Eligible', 100]]);
  });
});

describeSamples('vscode-examples-risk-scoring.rbl', () => {
  const profile = (country: string, volume: number, pep: string | null) => ({
    'is resident in': [country],
    'has annual transaction volume': [volume],
    'is politically exposed': pep === null ? null : [pep],
  });
  for (const [country, volume, pep, expected] of [
    ['Freedonia', 300000, 'Yes', ['High', 90]],
    ['Freedonia', 1000, null, ['High', 45]],
    ['Sylvania', 1000, 'No', ['Low', 100]],
  ] as const) {
    it(`[derived] ${country}, volume ${volume}, PEP ${pep ?? 'unknown'}: ${expected.join(' ')}`, async () => {
      const session = sessionOf(readSample('vscode-examples-risk-scoring.rbl'));
      const first = asQuestion(value(await session.query({ subject: 'Cara', relationship: 'has risk level' })));
      expect(first.extraQuestions?.map((question) => question.relationship)).toEqual([
        'has annual transaction volume',
        'is politically exposed',
      ]);
      const result = await consult(session, first, profile(country, volume, pep));
      expect(rows(result.final)).toEqual([['Cara', ...expected]]);
    });
  }
});

describeSamples('vscode-examples-top-down-claims.rbl', () => {
  it('[derived] a small motor claim without fraud words is fast-tracked at 100', async () => {
    const session = sessionOf(readSample('vscode-examples-top-down-claims.rbl'));
    const result = await consult(session, value(await session.query({ subject: 'CL-1', relationship: 'has decision' })), {
      'has claim type': ['Motor'],
      'has amount': [1000],
      'has description': ['Scraped a bollard while parking'],
    });
    expect(result.prompts).toEqual([
      'What type of claim is CL-1?',
      'What is the amount claimed for CL-1?',
      'Describe what happened for CL-1.',
    ]);
    expect(rows(result.final)).toEqual([['CL-1', 'Fast Track', 100]]);
  });

  it('[derived] a large claim goes to manual review at 100 without asking for the description', async () => {
    const session = sessionOf(readSample('vscode-examples-top-down-claims.rbl'));
    const result = await consult(session, value(await session.query({ subject: 'CL-2', relationship: 'has decision' })), {
      'has claim type': ['Motor'],
      'has amount': [5000],
    });
    expect(rows(result.final)).toEqual([['CL-2', 'Manual Review', 100]]);
  });
});

describeSamples('coffeebird-hello-world.xml', () => {
  it('[derived] concludes Fred speaks English at 75 from the map fact', async () => {
    const session = sessionOf(readSample('coffeebird-hello-world.xml'));
    const result = value(await session.query({ subject: 'Fred', relationship: 'speaks' }));
    expect(rows(result)).toContainEqual(['Fred', 'English', 75]);
  });
});

describeSamples('noesis-library-system.xml', () => {
  it('counts the books of an author with an unquoted relationship name: not prolific, at 100', async () => {
    const session = sessionOf(readSample('noesis-library-system.xml'));
    expect(rows(value(await session.query({ subject: 'F. Scott Fitzgerald', relationship: 'is prolific' })))).toEqual([
      ['F. Scott Fitzgerald', false, 100],
    ]);
  });
});
