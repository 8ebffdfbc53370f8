/**
 * Quick replies for a chat: questions in the map's own words that a user can pick when the reader
 * did not understand, or to choose between readings. Built from the relationships' question forms
 * (or a plain "What is the <relationship> of <subject>?" when the author wrote none) and the
 * instances the prompt named, so each reply reads back unambiguously.
 */
import type { InputValue } from '../../common/decision-api';
import type { Relationship } from '../../engine';
import type { Token } from '../text/tokens';
import { isNounLike, surfaceFormsOf } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';

function plain(form: string): string {
  return form.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
}

/** Whether the name is (also) a noun phrase: "feeding plan", "national language". */
function readsAsNoun(relationship: Relationship): boolean {
  if (isNounLike(relationship.name)) return true;
  const name = relationship.name.toLowerCase().split(/\s+/).join(' ');
  return surfaceFormsOf(relationship).some((form) => form.kind === 'noun' && form.words.join(' ') === name);
}

/** A question asking for the object of `relationship` (with `object`: whether it holds). */
export function questionFor(relationship: Relationship, subject: string | undefined, object?: InputValue): string | undefined {
  const forms = relationship.questions;
  if (subject !== undefined && object !== undefined) {
    if (forms.firstForm) return plain(forms.firstForm.replaceAll('%S', subject).replaceAll('%O', String(object)));
    // A truth relationship holds or not: "Lemon is ready?", "Order 7 needs a warning?".
    if (object === true) return `${subject} ${relationship.name}?`;
    return readsAsNoun(relationship)
      ? `Is the ${relationship.name} of ${subject} ${String(object)}?`
      : `${subject} ${relationship.name} ${String(object)}?`;
  }
  if (subject !== undefined) {
    if (forms.secondFormObject) return plain(forms.secondFormObject.replaceAll('%S', subject));
    if (readsAsNoun(relationship)) return `What is the ${relationship.name} of ${subject}?`;
    // "is owned by": "What is Osprey owned by?"
    const [first, ...rest] = relationship.name.split(/\s+/);
    if (/^(is|are|was|were)$/i.test(first) && rest.length > 0) return `What ${first} ${subject} ${rest.join(' ')}?`;
    return `${subject} ${relationship.name} what?`;
  }
  if (object !== undefined && forms.secondFormSubject) return plain(forms.secondFormSubject.replaceAll('%O', String(object)));
  return undefined;
}

/**
 * Up to `limit` questions about what the prompt mentions: the relationships of the instances it
 * names (those first), then the relationships it tried, with a real instance as the subject.
 */
export function suggestQuestions(vocabulary: Vocabulary, tokens: readonly Token[], tried: readonly Relationship[], limit = 3): string[] {
  const named = vocabulary.instances.spot(tokens, 0, tokens.length).filter((mention) => mention.distance === 0);
  const out = new Set<string>();
  const add = (question: string | undefined): void => {
    if (question && out.size < limit) out.add(question);
  };
  for (const relationship of tried) {
    const subject = named.find((mention) => mention.entry.concept === relationship.subject)?.entry.name;
    add(questionFor(relationship, subject ?? firstInstance(vocabulary, relationship.subject)));
  }
  for (const mention of named) {
    for (const { relationship } of vocabulary.relationships)
      if (relationship.subject === mention.entry.concept) add(questionFor(relationship, mention.entry.name));
  }
  for (const { relationship } of vocabulary.relationships) add(questionFor(relationship, firstInstance(vocabulary, relationship.subject)));
  return [...out];
}

function firstInstance(vocabulary: Vocabulary, concept: string): string | undefined {
  return vocabulary.map.instances.get(concept)?.keys().next().value;
}
