/**
 * A provider's reply read into an {@link Interpretation}, validated against the map exactly as
 * offline statements are: unknown relationships, wrong types and out-of-range certainties never
 * pass. A reply that does not fit is rejected as a whole (the offline reading is used instead).
 */
import { z } from 'zod';
import type { AnswerInput, FactInput, InputValue, Question } from '../../common/decision-api';
import type { Relationship } from '../../engine';
import { words } from '../text/tokens';
import { findRelationship, subjectProblem, validateFact, whyFact } from '../understand/validate';
import type { Interpretation, InvalidFact } from '../understand/types';
import type { Vocabulary } from '../vocabulary/types';

const ValueSchema = z.union([z.string(), z.number(), z.boolean()]);

const ModelReplySchema = z.object({
  kind: z.enum(['query', 'why', 'statements', 'answers', 'none']),
  query: z.object({ subject: z.string().nullish(), relationship: z.string(), object: ValueSchema.nullish() }).nullish(),
  facts: z
    .array(z.object({ subject: z.string(), relationship: z.string(), object: ValueSchema.nullable(), certainty: z.number().nullish() }))
    .nullish(),
  answers: z
    .array(
      z.object({
        relationship: z.string(),
        subject: z.string().nullish(),
        object: ValueSchema.nullish(),
        answer: z.enum(['yes', 'no']).nullish(),
        certainty: z.number().nullish(),
        skip: z.boolean().nullish(),
      }),
    )
    .nullish(),
  unmatched: z.array(z.string()).nullish(),
});
type ModelReply = z.infer<typeof ModelReplySchema>;

/** Parses the model's text (tolerating a fenced code block around the JSON). */
export function parseModelReply(content: string): ModelReply | undefined {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```\s*$/, '');
  try {
    const parsed = ModelReplySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function canonicalInstance(vocabulary: Vocabulary, concept: string, name: string): string | undefined {
  return vocabulary.instances.lookup(words(name), new Set([concept]))?.entry.name;
}

/** A query end checked like an offline one: instances of the right concept, or typed values. */
function queryObject(vocabulary: Vocabulary, relationship: Relationship, object: InputValue): InputValue | undefined {
  const check = validateFact(vocabulary, { subject: 'x', relationship: relationship.name, object, certainty: 100 });
  return check.ok ? check.fact.object : undefined;
}

function queryOf(vocabulary: Vocabulary, reply: ModelReply): Interpretation | undefined {
  const query = reply.query;
  if (!query) return undefined;
  const relationship = findRelationship(vocabulary, query.relationship);
  if (!relationship) return undefined;
  let subject: string | undefined;
  if (query.subject) {
    if (subjectProblem(vocabulary, relationship, query.subject)) return undefined;
    subject = canonicalInstance(vocabulary, relationship.subject, query.subject) ?? query.subject;
  }
  let object: InputValue | undefined;
  if (query.object !== undefined && query.object !== null && query.object !== '') {
    object = queryObject(vocabulary, relationship, query.object);
    if (object === undefined) return undefined;
  }
  if (subject === undefined && object === undefined) return undefined;
  return {
    kind: 'query',
    query: { relationship: relationship.name, ...(subject !== undefined ? { subject } : {}), ...(object !== undefined ? { object } : {}) },
    facts: { valid: [], invalid: [], unmatched: [] },
  };
}

function answersOf(vocabulary: Vocabulary, reply: ModelReply, pending: readonly Question[]): AnswerInput[] {
  const answers: AnswerInput[] = [];
  for (const answer of reply.answers ?? []) {
    const question = pending.find(
      (candidate) =>
        candidate.relationship === answer.relationship &&
        (candidate.type === 'Second Form Subject' || !answer.subject || candidate.subject === answer.subject),
    );
    if (!question) continue;
    const certainty = answer.certainty ?? 100;
    if (!Number.isFinite(certainty) || certainty < 1 || certainty > 100) continue;
    const base = { relationship: question.relationship, ...(question.subject !== undefined ? { subject: question.subject } : {}) };
    if (answer.skip) {
      if (question.allowUnknown || question.knownAnswers.length > 0) answers.push({ ...base, unanswered: true });
      continue;
    }
    if (question.type === 'First Form') {
      if (!answer.answer) continue;
      answers.push({ ...base, object: question.object ?? '', answer: answer.answer, certainty });
    } else if (question.type === 'Second Form Object') {
      if (answer.object === undefined || answer.object === null) continue;
      const check = validateFact(vocabulary, {
        subject: question.subject ?? 'x',
        relationship: question.relationship,
        object: answer.object,
        certainty,
      });
      if (check.ok || question.canAdd) answers.push({ ...base, object: check.ok ? check.fact.object : answer.object, certainty });
    } else if (answer.subject) {
      const relationship = vocabulary.map.relationships.get(question.relationship);
      const name = relationship ? canonicalInstance(vocabulary, relationship.subject, answer.subject) : undefined;
      if (name !== undefined || question.canAdd)
        answers.push({ relationship: question.relationship, subject: name ?? answer.subject, object: question.object ?? '', certainty });
    }
  }
  return answers;
}

/** The interpretation a model reply stands for, or undefined when it does not fit the map. */
export function interpretationFromModel(
  vocabulary: Vocabulary,
  reply: ModelReply,
  pending: readonly Question[],
): Interpretation | undefined {
  const valid: FactInput[] = [];
  const invalid: InvalidFact[] = [];
  for (const fact of reply.facts ?? []) {
    const check = validateFact(vocabulary, {
      subject: fact.subject,
      relationship: fact.relationship,
      object: fact.object,
      certainty: fact.certainty ?? 100,
    });
    if (check.ok) valid.push(check.fact);
    else invalid.push(check.invalid);
  }
  const facts = { valid, invalid, unmatched: reply.unmatched ?? [] };
  switch (reply.kind) {
    case 'query': {
      const query = queryOf(vocabulary, reply);
      return query && query.kind === 'query' ? { ...query, facts } : undefined;
    }
    case 'why': {
      // "Why is INC-1 Critical?": the fact to explain, checked like a query (a subject is needed).
      const query = queryOf(vocabulary, reply);
      return query && query.kind === 'query' && query.query.subject !== undefined
        ? { kind: 'why', query: whyFact(vocabulary, query.query), facts }
        : undefined;
    }
    case 'answers': {
      if (pending.length === 0) return undefined;
      const answers = answersOf(vocabulary, reply, pending);
      return answers.length > 0 ? { kind: 'answers', answers, facts } : undefined;
    }
    case 'statements':
      return valid.length > 0 || invalid.length > 0 ? { kind: 'statements', facts } : undefined;
    case 'none':
      return undefined;
  }
}
