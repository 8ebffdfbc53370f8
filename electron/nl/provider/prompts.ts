/**
 * What the provider is sent. Map content (relationships, concepts, some instance names, question
 * wording) and the user's text leave the machine here: the workbench says so before first use.
 */
import type { Question } from '../../common/decision-api';
import type { Vocabulary } from '../vocabulary/types';
import type { ChatMessage } from './client';

/** Instance names sent per concept, at most (enough to ground names, small enough for a prompt). */
const INSTANCES_PER_CONCEPT = 40;

function mapSummary(vocabulary: Vocabulary): unknown {
  const { map } = vocabulary;
  return {
    relationships: [...map.relationships.values()].map((relationship) => ({
      name: relationship.name,
      subjectConcept: relationship.subject,
      objectConcept: relationship.object,
      objectType: map.concepts.get(relationship.object)?.type ?? 'string',
      plural: relationship.plural,
      questions: relationship.questions,
    })),
    instances: Object.fromEntries(
      [...map.instances.entries()].map(([concept, instances]) => [concept, [...instances.keys()].slice(0, INSTANCES_PER_CONCEPT)]),
    ),
  };
}

const OUTPUT_RULES = `Reply with one JSON object and nothing else:
{"kind": "query" | "why" | "statements" | "answers" | "none",
 "query": {"subject": string?, "relationship": string, "object": string|number|boolean?},
 "facts": [{"subject": string, "relationship": string, "object": string|number|boolean, "certainty": 1-100}],
 "answers": [{"relationship": string, "subject": string?, "object": string|number|boolean?, "answer": "yes"|"no"?, "certainty": 1-100?, "skip": boolean?}],
 "unmatched": [string]}
Rules: use only relationship names and instance names from the map exactly as written; a query gives the subject, the object or both; "why" (a request to explain a conclusion, such as "Why is X Y?") gives the fact in "query", subject included; dates are YYYY-MM-DD; certainty is a whole number from 1 to 100 (100 when the user does not qualify what they say); "facts" are things the user states; "answers" only answer the pending questions; put text you cannot map into "unmatched"; use kind "none" when nothing fits.`;

/** Messages asking the provider to read a prompt into a query, facts or answers. */
export function understandingMessages(vocabulary: Vocabulary, prompt: string, pending: readonly Question[], today: string): ChatMessage[] {
  const context = {
    map: mapSummary(vocabulary),
    today,
    pendingQuestions: pending.map((question) => ({
      type: question.type,
      relationship: question.relationship,
      subject: question.subject,
      object: question.object,
      prompt: question.prompt,
      plural: question.plural,
      allowUnknown: question.allowUnknown,
    })),
  };
  return [
    {
      role: 'system',
      content: `You turn a user's message into a structured request for a reasoning engine that works over this knowledge map. The message may be in any language.\n${OUTPUT_RULES}\nContext: ${JSON.stringify(context)}`,
    },
    { role: 'user', content: prompt },
  ];
}

/** Messages asking the provider to rewrite an explanation (another language, free-form instructions). */
export function explanationMessages(explanation: string, language: string, instructions: string | undefined): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `You rewrite explanations of a reasoning engine's conclusions for a reader. Use only the facts, rules and numbers in the explanation given; add nothing. Write in the language with code "${language}". ${instructions ? `Follow these instructions from the reader: ${instructions}` : 'Keep the structure.'} Reply with the explanation only.`,
    },
    { role: 'user', content: explanation },
  ];
}
