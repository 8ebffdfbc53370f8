/**
 * The provider path measured on the same corpora as the offline reader. No real model is called:
 * a fake OpenAI-compatible server (a real local HTTP server) answers each prompt with a scripted
 * structured reply written from the case's expectation the way a model writes it (names in the
 * user's lower case, as JSON). What this measures is everything Lapwing does with a model's reply
 * (transport, parsing, checking against the map, canonical names, certainties, the fallback and the
 * `reader` attribution), not the model's own understanding, which depends on the model chosen.
 */
import type { InputValue } from '../../../common/decision-api';
import type { Expectation, LoadedCorpus } from '../../test-support/corpus';
import { mismatch, pendingOf } from '../../test-support/corpus';
import type { ProviderConfig } from '../config';
import { providerUnderstand, readWithProvider } from '../understand';
import type { FakeProvider } from './fake-provider';

function asTyped(value: InputValue | undefined): InputValue | undefined {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/** The structured reply a model would give for a case (undefined: a case the model should decline). */
function scriptedReply(expect: Expectation): string {
  const facts = (expect.facts ?? []).map((fact) => ({
    subject: fact.subject.toLowerCase(),
    relationship: fact.relationship,
    object: asTyped(fact.object),
    certainty: fact.certainty,
  }));
  const query = expect.query ?? expect.why;
  if (query) {
    return JSON.stringify({
      kind: expect.why ? 'why' : 'query',
      query: { subject: query.subject?.toLowerCase() ?? null, relationship: query.relationship, object: asTyped(query.object) ?? null },
      facts,
    });
  }
  if (expect.answers) {
    const answers = expect.answers.map((answer) => ({
      relationship: answer.relationship,
      subject: answer.subject ?? null,
      object: asTyped(answer.object as InputValue | undefined) ?? null,
      answer: answer.answer ?? null,
      certainty: answer.certainty ?? null,
      skip: answer.unanswered ?? null,
    }));
    return JSON.stringify({ kind: 'answers', answers, facts });
  }
  if (facts.length > 0) return JSON.stringify({ kind: 'statements', facts });
  return JSON.stringify({ kind: 'none' });
}

interface ProviderEvaluation {
  readonly total: number;
  /** Cases the provider path alone read as expected. */
  readonly providerPassed: number;
  /** Cases read as expected by the combined reader (offline first, the provider when it falls short). */
  readonly combinedPassed: number;
  /** Combined replies that the provider's reading answered. */
  readonly answeredByProvider: number;
  readonly misses: readonly { readonly prompt: string; readonly problem: string }[];
}

/** Runs every case through the provider path with the fake scripted per prompt. */
export async function evaluateProvider(
  corpora: readonly LoadedCorpus[],
  fake: FakeProvider,
  config: ProviderConfig,
): Promise<ProviderEvaluation> {
  let total = 0;
  let providerPassed = 0;
  let combinedPassed = 0;
  let answeredByProvider = 0;
  const misses: { prompt: string; problem: string }[] = [];
  const combined = providerUnderstand(config);
  for (const corpus of corpora) {
    for (const testCase of corpus.file.cases) {
      if (testCase.expect.error !== undefined) continue; // a model is not asked to reproduce Lapwing's error codes
      total++;
      fake.answer({ content: scriptedReply(testCase.expect) });
      const options = { now: corpus.now, pending: pendingOf(corpus.map, testCase), referents: { lastSubject: new Map<string, string>() } };
      const alone = await readWithProvider(config, testCase.prompt, corpus.vocabulary, options);
      const problem = alone.ok ? mismatch(alone.interpretation, testCase.expect) : `${alone.kind}: ${alone.message}`;
      if (problem) misses.push({ prompt: testCase.prompt, problem });
      else providerPassed++;
      const both = await combined(testCase.prompt, corpus.vocabulary, { ...options, referents: { lastSubject: new Map() } });
      if (!mismatch(both.interpretation, testCase.expect)) combinedPassed++;
      if (both.reader === 'provider') answeredByProvider++;
    }
  }
  return { total, providerPassed, combinedPassed, answeredByProvider, misses };
}
