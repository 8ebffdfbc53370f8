/**
 * Quick replies for a chat: questions in the map's own words that a user can pick when the reader
 * did not understand, or to choose between readings. Built from the relationships' question forms
 * (or a plain "What is the <relationship> of <subject>?" when the author wrote none) and the
 * instances the prompt named, so each reply reads back unambiguously.
 */
import type { InputValue, Question } from '../../common/decision-api';
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

/** How a value is said back in a statement: dates in ISO form (the reader takes them), numbers as written. */
function valueSaid(value: InputValue): string {
  return String(value);
}

/**
 * A statement of a fact in the map's own words that the reader reads back as that fact ("Rex
 * weighs 27.5", "Osprey's annual fee is 1200", "Rex needs a follow-up"), with the certainty said
 * when it is not 100 ("I'm 75% sure …"); undefined for a truth relationship's `false`, which has no
 * plain wording.
 */
export function statementFor(relationship: Relationship, subject: string, object: InputValue, certainty = 100): string | undefined {
  let said: string;
  if (object === true) said = `${subject} ${relationship.name}`;
  else if (object === false) return undefined;
  else if (readsAsNoun(relationship)) said = `${subject}'s ${relationship.name} is ${valueSaid(object)}`;
  else said = `${subject} ${relationship.name} ${valueSaid(object)}`;
  return certainty === 100 ? said : `I'm ${certainty}% sure ${said}`;
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

/**
 * Answers a chat can offer for a pending question the prompt did not answer: the question's known
 * values that share a word with what was said first ("Grace" → "Grace O'Neill"), then the others,
 * yes/no for a yes/no question, and a skip where one is allowed.
 */
export function answerChoices(question: Question, said: readonly Token[], limit = 4): string[] {
  const words = new Set(said.filter((token) => !token.punctuation).map((token) => token.text));
  const values = question.concepts.map((entry) => String(entry.value ?? entry.name));
  const near = values.filter((value) =>
    value
      .toLowerCase()
      .split(/\s+/)
      .some((word) => words.has(word)),
  );
  const out = new Set([...near, ...values]);
  if (question.dataType === 'truth' || question.type === 'First Form') for (const yesNo of ['yes', 'no']) out.add(yesNo);
  const choices = [...out].slice(0, question.allowUnknown ? limit - 1 : limit);
  return question.allowUnknown ? [...choices, "I don't know"] : choices;
}
