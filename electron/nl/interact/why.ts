/**
 * "Why is INC-1 Critical?": the fact is looked up among what the session knows (nothing is asked, the
 * session is not locked) and explained from its evidence as `/nl/explain` does; when the session
 * does not know it, the reply says so and offers the question that would find out.
 */
import type { SessionFact } from '../../common/decision-api';
import type { ConsultationSession } from '../../engine';
import { evidenceTree } from '../explain/evidence-tree';
import { explainEvidence } from '../explain/explain';
import { NL_ERROR_CODES } from '../understand/errors';
import type { NLQuery } from '../understand/types';
import { EMPTY_REPORT, errorReply, wireQuery, type InteractBody } from './replies';

function said(query: NLQuery): string {
  // A truth conclusion reads as the sentence itself: "Red Van is ready", "Red Van is ready: no".
  if (typeof query.object === 'boolean') return `${query.subject ?? 'it'} ${query.relationship}${query.object ? '' : ': no'}`;
  return `${query.subject ?? 'it'} ${query.relationship} ${query.object === undefined ? '' : String(query.object)}`.trim();
}

function sameValue(fact: SessionFact, query: NLQuery): boolean {
  if (query.object === undefined) return true;
  return String(fact.object.value).toLowerCase() === String(query.object).toLowerCase();
}

/** The reply to a why-question. */
export function whyReply(session: ConsultationSession, query: NLQuery): InteractBody {
  const known = session.facts([query.relationship]);
  const facts = [...known.local, ...known.context, ...known.global].filter(
    (fact) => query.subject === undefined || fact.subject.value === query.subject,
  );
  const fact = facts.find((candidate) => sameValue(candidate, query));
  const tree = fact ? evidenceTree(fact.id, (id) => session.evidence(id)) : undefined;
  if (!fact || !tree) {
    const others = facts.map((other) => String(other.object.value));
    const what = others.length > 0 ? ` What is known: ${query.subject} ${query.relationship} ${others.join(', ')}.` : '';
    const ask =
      typeof query.object === 'boolean'
        ? `${query.subject} ${query.relationship}?`
        : `Does ${query.subject} ${query.relationship} ${query.object === undefined ? 'anything' : String(query.object)}?`;
    return errorReply(
      {
        code: NL_ERROR_CODES.whyNotKnown,
        message: `Nothing to explain: this session does not know that ${said(query)}`,
        suggestedChatResponse: `I can't explain that: it is not known in this conversation that ${said(query)}.${what}`,
        quickReplies: [ask],
      },
      query,
      [],
      EMPTY_REPORT,
    );
  }
  const text = explainEvidence(tree, 'detailed');
  const object = fact.object.value === null ? '' : String(fact.object.value);
  return {
    responseType: 'result',
    query: wireQuery(query),
    questions: [],
    results: [
      {
        Subject: fact.subject.value as string,
        SubjectValue: String(fact.subject.value),
        Relationship: fact.relationship,
        Object: object,
        ObjectValue: object,
        Certainty: fact.certainty,
        FactID: fact.id,
        subject: String(fact.subject.value),
        relationship: fact.relationship,
        object: fact.object.value,
        certainty: fact.certainty,
        factID: fact.id,
      },
    ],
    facts: { injected: [], invalid: [], unmatched: [] },
    explanation: { factID: fact.id, text },
  };
}
