/**
 * `interpret`: a prompt, the map's vocabulary and the pending questions in; a query, statements,
 * answers or an error out. Offline, deterministic, pure.
 */
import type { FactInput, InputValue } from '../../common/decision-api';
import type { Relationship } from '../../engine';
import { humanDate } from '../text/dates';
import { AUXILIARIES, formsOf } from '../text/inflect';
import { tokenize } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';
import { readAnswers } from './answers';
import { NL_ERROR_CODES, type UnderstandingError } from './errors';
import { SMALL_TALK, SUBJECT_PRONOUNS } from './lexicon';
import type { Reading } from './readings';
import { partlyUnderstood } from './partial';
import { readPrompt, type PromptReading } from './sentences';
import { answerChoices, questionFor, suggestQuestions } from './suggestions';
import { containmentAsBe } from './containment';
import { readByConcepts } from './concept-reading';
import { embeddedCopulaFirst } from './embedded-copula';
import { reduceRelativeClauses } from './relative-clauses';
import { correctTypos } from './typos';
import { validateFact, whyFact } from './validate';
import { paraphrasedConclusion } from './why-conclusions';
import { NO_FACTS, type Interpretation, type InterpretOptions, type InvalidFact, type NLQuery, type ParsedFacts } from './types';

function isSmallTalk(text: string): boolean {
  return SMALL_TALK.has(
    text
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .trim(),
  );
}

/** Words with a verb of their own ("the weather is lovely"): a clause, never one value of a list. */
function saysSomething(text: string): boolean {
  const tokens = tokenize(text).filter((token) => !token.punctuation);
  // "it hums loudly": a subject pronoun and more words.
  if (tokens.length > 1 && SUBJECT_PRONOUNS.has(tokens[0].text)) return true;
  return tokens.some((token) => AUXILIARIES.has(token.text));
}

/** Facts from the statements of a reading, each checked against the map. */
function factsOf(vocabulary: Vocabulary, reading: PromptReading): ParsedFacts {
  const valid: FactInput[] = [];
  const invalid: InvalidFact[] = [];
  const unread: string[] = [];
  const seen = new Set<string>();
  for (const placed of reading.statements) {
    const statement = placed.reading;
    const certainty = placed.certainty ?? 100;
    const subject = statement.subject;
    const subjectText = subject ? (subject.ok ? String(subject.value) : subject.text) : '';
    for (const object of statement.objects) {
      const candidate = {
        subject: subjectText,
        relationship: statement.relationship.name,
        object: object.ok ? object.value : object.text,
        certainty,
      };
      if (subject && !subject.ok) invalid.push({ ...candidate, reason: subject.message });
      // "Bramble weighs 480 kg and loves apples": an item of a list that is no value of the type at
      // all, beside one that is, is words not read, not a value refused.
      else if (!object.ok && statement.objects.some((other) => other.ok) && (object.reason === 'wrong-type' || saysSomething(object.text)))
        unread.push(object.text);
      else if (!object.ok) invalid.push({ ...candidate, reason: object.message });
      // "…is Main Route, and the weather is lovely": a new value with a verb of its own is a clause.
      else if (object.how === 'new' && statement.objects.length > 1 && saysSomething(object.text)) unread.push(object.text);
      else {
        const check = validateFact(vocabulary, candidate);
        if (!check.ok) invalid.push(check.invalid);
        else {
          const key = JSON.stringify([check.fact.subject, check.fact.relationship, check.fact.object]);
          if (!seen.has(key)) valid.push(check.fact);
          seen.add(key);
        }
      }
    }
  }
  const unmatched = [...reading.unplaced.map((item) => item.text), ...unread].filter((text) => !isSmallTalk(text));
  return { valid, invalid, unmatched };
}

/**
 * Left-over words that say nothing more: no name, no number, only concept nouns and little words
 * ("What is the ticket price for a Student *ticket*?").
 */
function incidental(vocabulary: Vocabulary, text: string): boolean {
  const tokens = tokenize(text).filter((token) => !token.punctuation);
  if (vocabulary.instances.spot(tokens, 0, tokens.length).some((mention) => mention.distance === 0)) return false;
  return tokens.every(
    (token) => vocabulary.conceptWords.has(token.text) || ['a', 'an', 'the', 'of', 'for', 'please', 'thanks'].includes(token.text),
  );
}

function nonEmpty(quickReplies: readonly string[]): { quickReplies?: readonly string[] } {
  return quickReplies.length > 0 ? { quickReplies } : {};
}

function relationshipsOf(vocabulary: Vocabulary, facts: readonly { relationship: string }[]): Relationship[] {
  return facts.flatMap((fact) => {
    const relationship = vocabulary.map.relationships.get(fact.relationship);
    return relationship ? [relationship] : [];
  });
}

function queryOf(reading: Reading): NLQuery {
  const subject = reading.subject?.ok ? String(reading.subject.value) : undefined;
  const object = reading.objects[0]?.ok ? reading.objects[0].value : undefined;
  return {
    relationship: reading.relationship.name,
    ...(subject !== undefined ? { subject } : {}),
    ...(object !== undefined ? { object } : {}),
  };
}

/** An example question in the map's own words, with a real instance: "Try asking "Which country does Ada live in?"". */
function exampleQuestion(vocabulary: Vocabulary): string {
  for (const { relationship } of vocabulary.relationships) {
    const form = relationship.questions.secondFormObject;
    const subject = vocabulary.map.instances.get(relationship.subject)?.keys().next().value;
    if (form && subject !== undefined) return `Try asking something like "${form.replaceAll('%S', subject).replace(/[*_`]/g, '')}".`;
  }
  return 'Try asking a question about the things this map knows.';
}

/** A question that reads equally well in several ways: the readings, and a quick reply for each. */
function ambiguity(chosen: Reading, rivals: readonly Reading[]): UnderstandingError {
  const all = [chosen, ...rivals];
  const said = all.map((reading) => {
    const query = queryOf(reading);
    return `'${query.relationship}'${query.subject !== undefined ? ` of ${query.subject}` : ''}${query.object !== undefined ? ` (${String(query.object)})` : ''}`;
  });
  const quickReplies = all.flatMap((reading) => {
    const query = queryOf(reading);
    const question = questionFor(reading.relationship, query.subject, query.object);
    return question ? [question] : [];
  });
  return {
    code: NL_ERROR_CODES.ambiguous,
    message: `The question reads in ${all.length} ways: ${said.join('; ')}`,
    suggestedChatResponse: `I can read that in ${all.length} ways: ${said.join(' or ')}. Which do you mean?`,
    ...(quickReplies.length > 0 ? { quickReplies } : {}),
  };
}

/** A statement that reads as several relationships: a quick reply per reading, said so it reads one way. */
function statementAmbiguity(chosen: Reading, rivals: readonly Reading[]): UnderstandingError {
  const all = [chosen, ...rivals];
  const subject = chosen.subject?.ok ? String(chosen.subject.value) : (chosen.subject?.text ?? '');
  const object = chosen.objects[0]?.ok ? said(chosen.objects[0].value) : (chosen.objects[0]?.text ?? '');
  const names = all.map((reading) => `'${reading.relationship.name}'`);
  return {
    code: NL_ERROR_CODES.ambiguous,
    message: `The statement reads in ${all.length} ways: ${names.join('; ')} of ${subject}`,
    suggestedChatResponse: `I can record that as ${names.join(' or ')} of ${subject}. Which do you mean?`,
    quickReplies: all.map((reading) => `The ${reading.relationship.name} of ${subject} is ${object}`),
  };
}

function said(value: InputValue): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? humanDate(value) : String(value);
}

/**
 * A clause with a name or value that reads more than one way ("dropped off on 3/4/2025", "Hall B"
 * where the map knows "Hall"): the reader asks which, with the clause restated for each choice in
 * words that read one way only ("Order 43 dropped off on 3 April 2025", "How many seats does Hall have?").
 */
function choiceError(vocabulary: Vocabulary, reading: PromptReading): UnderstandingError | undefined {
  const truthOf = (relationship: Reading['relationship']): boolean => vocabulary.map.concepts.get(relationship.object)?.type === 'truth';
  const attempts = [
    ...reading.statements.map((placed) => placed.reading),
    ...reading.unplaced.flatMap((item) => (item.attempt ? [item.attempt] : [])),
  ];
  for (const attempt of attempts) {
    const { subject, relationship } = attempt;
    const object = attempt.objects[0];
    const unsure = [subject, object].find((item) => item && !item.ok && item.choices !== undefined);
    // One choice is a suggestion, not a reading: the ordinary miss says "did you mean".
    if (!unsure || unsure.ok || !unsure.choices || unsure.choices.length < 2) continue;
    const subjectSaid = subject?.ok ? String(subject.value) : subject?.text;
    const objectSaid = object?.ok ? object.value : object?.text;
    const quickReplies = unsure.choices.flatMap((choice) => {
      const [who, what] = unsure === subject ? [String(choice), objectSaid] : [subjectSaid, choice];
      if (attempt.kind === 'statement' && who !== undefined && what !== undefined) return [`${who} ${relationship.name} ${said(what)}`];
      const asked = unsure === object ? choice : object?.ok ? object.value : undefined;
      // "Lemon is ready?": a truth relationship is asked yes or no.
      const question = questionFor(relationship, who, asked ?? (truthOf(relationship) ? true : undefined));
      return question ? [question] : [];
    });
    const understood = subject?.ok ? `'${relationship.name}' of ${String(subject.value)}` : `'${relationship.name}'`;
    return {
      code: NL_ERROR_CODES.ambiguous,
      message: `The ${attempt.kind === 'query' ? 'question' : 'statement'} reads in ${unsure.choices.length} ways: ${unsure.message}`,
      suggestedChatResponse: `I understood ${understood}, but ${unsure.message}. Which do you mean?`,
      ...(quickReplies.length > 0 ? { quickReplies } : {}),
    };
  }
  return undefined;
}

/**
 * The error for a prompt that yielded neither a query nor usable statements, with questions the
 * user can pick instead (never a bare failure).
 */
function errorFor(vocabulary: Vocabulary, prompt: string, reading: PromptReading): UnderstandingError {
  const error = bareErrorFor(vocabulary, prompt, reading);
  const tried = reading.unplaced.flatMap((item) => (item.attempt ? [item.attempt.relationship] : []));
  const quickReplies = suggestQuestions(vocabulary, tokenize(prompt), tried);
  const understood = understoodPart(vocabulary, prompt, reading);
  return {
    ...error,
    ...(understood ? { suggestedChatResponse: `${error.suggestedChatResponse} ${understood}` } : {}),
    ...(quickReplies.length > 0 ? { quickReplies } : {}),
  };
}

/** What the reader did recognise, in a sentence ("I recognised 'Kai' (person), 'drives to'."). */
function understoodPart(vocabulary: Vocabulary, prompt: string, reading: PromptReading): string | undefined {
  const tokens = tokenize(prompt);
  const names = vocabulary.instances
    .spot(tokens, 0, tokens.length)
    .filter((mention) => mention.distance === 0)
    .map((mention) => `'${mention.entry.name}' (${mention.entry.concept})`);
  const relationships = [...new Set(reading.unplaced.flatMap((item) => (item.attempt ? [`'${item.attempt.relationship.name}'`] : [])))];
  const parts = [...new Set(names), ...relationships];
  return parts.length > 0 ? `I recognised ${parts.join(', ')}.` : undefined;
}

function bareErrorFor(vocabulary: Vocabulary, prompt: string, reading: PromptReading): UnderstandingError {
  const attempt = reading.unplaced.find((item) => item.attempt?.failure)?.attempt;
  if (attempt?.failure?.kind === 'map') {
    return {
      code: NL_ERROR_CODES.mapCannotAnswer,
      message: `${attempt.failure.message} (relationship '${attempt.relationship.name}')`,
      suggestedChatResponse: `Sorry, I can't answer that: ${attempt.failure.message}.`,
    };
  }
  if (attempt?.failure) {
    return {
      code: NL_ERROR_CODES.unfamiliarPhrasing,
      message: `${attempt.failure.message} (relationship '${attempt.relationship.name}')`,
      // Say what was not understood ("I recognised 'Ayo' (student) but not 'coached'"), then ask again.
      suggestedChatResponse: `I'm not sure I follow: ${attempt.failure.message}. Could you ask about '${attempt.relationship.name}' another way?`,
    };
  }
  const examples = vocabulary.relationships
    .slice(0, 3)
    .map((entry) => `'${entry.relationship.name}'`)
    .join(', ');
  if (reading.mentionsMap) {
    return {
      code: NL_ERROR_CODES.unfamiliarPhrasing,
      message: 'The prompt mentions things this map knows, but no relationship of the map could be recognised in it',
      suggestedChatResponse: `I know some of those words, but not what you're asking. I can answer questions about ${examples}.`,
    };
  }
  if (reading.asksSomething) {
    return {
      code: NL_ERROR_CODES.mapCannotAnswer,
      message: 'The question is about nothing this map knows (no relationship, concept or instance of the map in it)',
      suggestedChatResponse: `Sorry, this knowledge map can't answer that. It knows about ${examples}.`,
    };
  }
  return {
    code: NL_ERROR_CODES.queryNotDetected,
    message: prompt.trim() === '' ? 'The prompt is empty' : 'No question, statement or answer could be detected in the prompt',
    suggestedChatResponse: `I didn't find a question in that. ${exampleQuestion(vocabulary)}`,
  };
}

/**
 * Reads a prompt. With pending questions, an answer to them comes first; a new question is still
 * reported as a query (the interact state machine decides to ignore it while locked).
 */
export function interpret(prompt: string, vocabulary: Vocabulary, options: InterpretOptions): Interpretation {
  return interpretWith(prompt, vocabulary, options, true);
}

/**
 * The one fact a why-question's rest says in statement order: "does Tom owe £35 in rent" read as
 * "Tom owes £35 in rent" (the "do" dropped, its tense put on the verb after the subject).
 */
function statedWhy(rest: string, vocabulary: Vocabulary, options: InterpretOptions): NLQuery | undefined {
  const words = rest.replace(/\?\s*$/, '').split(/\s+/);
  const tense = words[0]?.toLowerCase();
  if (tense !== 'does' && tense !== 'do' && tense !== 'did') return undefined;
  for (let verb = 2; verb < Math.min(words.length, 7); verb++) {
    const base = words[verb].toLowerCase();
    if (!/^[a-z]+$/.test(base) || words.slice(1, verb).some((word) => /^not?$|^never$/i.test(word))) continue;
    const forms = formsOf(base);
    const said = tense === 'does' ? forms.third : tense === 'did' ? forms.past : base;
    const sentence = [...words.slice(1, verb), said, ...words.slice(verb + 1)].join(' ');
    const read = interpretWith(`${sentence}.`, vocabulary, { ...options, referents: { lastSubject: new Map() } }, true);
    if (
      read.kind === 'statements' &&
      read.facts.valid.length === 1 &&
      read.facts.invalid.length === 0 &&
      read.facts.unmatched.length === 0
    ) {
      const [fact] = read.facts.valid;
      return { relationship: fact.relationship, subject: fact.subject, object: fact.object };
    }
  }
  return undefined;
}

/** `wholly`: a prompt understood only in part is an error (109); a why-question's fact is read leniently. */
function interpretWith(prompt: string, vocabulary: Vocabulary, options: InterpretOptions, wholly: boolean): Interpretation {
  // "Why is INC-1 Critical?": the rest is read as the yes/no question about the fact to explain.
  const why = /^\s*(?:(?:so|and|but|ok|okay|hmm|please|then),?\s+)*(?:why|how\s+come)\s+(.+)$/is.exec(prompt);
  if (why && (options.pending ?? []).length === 0) {
    const fact = interpretWith(why[1], vocabulary, options, false);
    if (fact.kind === 'query' && fact.query.subject !== undefined) {
      // "Why isn't the Red Van ready?" asks about the conclusion false.
      const negated = tokenize(why[1]).some((token) => token.text === 'not' || token.text === 'never');
      return { kind: 'why', query: whyFact(vocabulary, fact.query, negated), facts: fact.facts };
    }
    // "Why does Tom owe £35 in rent?": the fact said in statement order ("Tom owes £35 in rent").
    const stated = fact.kind === 'query' ? undefined : statedWhy(why[1], vocabulary, options);
    if (stated) return { kind: 'why', query: whyFact(vocabulary, stated, false), facts: NO_FACTS };
    // "Why is Order 30 going in the van?": the conclusion said in other words ("needs the van").
    const rest = tokenize(why[1]);
    const conclusion = fact.kind === 'error' ? paraphrasedConclusion(vocabulary, rest) : undefined;
    if (conclusion) {
      const negated = rest.some((token) => token.text === 'not' || token.text === 'never');
      return { kind: 'why', query: whyFact(vocabulary, conclusion, negated), facts: NO_FACTS };
    }
  }
  const tokens = embeddedCopulaFirst(
    containmentAsBe(reduceRelativeClauses(correctTypos(prompt, tokenize(prompt), vocabulary)), vocabulary),
  );
  if (!tokens.some((token) => !token.punctuation)) {
    return {
      kind: 'error',
      error: errorFor(vocabulary, prompt, {
        queries: [],
        statements: [],
        unplaced: [],
        mentionsMap: false,
        asksSomething: false,
        certainties: [],
      }),
      facts: NO_FACTS,
    };
  }
  const pending = options.pending ?? [];
  const pronounDefault = pending[0]?.subject;
  const reading = readPrompt(prompt, tokens, vocabulary, {
    now: options.now,
    ...(options.referents ? { referents: options.referents } : {}),
    ...(pending.length > 0 && pronounDefault !== undefined ? { pronounDefault } : {}),
  });
  const facts = factsOf(vocabulary, reading);

  if (pending.length > 0) {
    const answered = readAnswers(prompt, tokens, vocabulary, pending, reading, options.now);
    if (answered.kind === 'error') return { kind: 'error', error: answered.error, facts: NO_FACTS };
    const asked = new Set(pending.map((question) => question.relationship));
    // Statements that restate the answer are the answer, not extra facts.
    const otherFacts: ParsedFacts = {
      ...facts,
      valid: facts.valid.filter((fact) => !asked.has(fact.relationship)),
      invalid: facts.invalid.filter((fact) => !asked.has(fact.relationship)),
    };
    if (answered.kind === 'answers' && reading.queries.length === 0)
      return { kind: 'answers', answers: answered.answers, facts: { ...otherFacts, unmatched: [] } };
    if (reading.queries.length > 0) return { kind: 'query', query: queryOf(reading.queries[0].reading), facts: otherFacts };
    if (answered.kind === 'answers') return { kind: 'answers', answers: answered.answers, facts: { ...otherFacts, unmatched: [] } };
    if (otherFacts.valid.length > 0) return { kind: 'statements', facts: otherFacts };
    const question = pending[0];
    return {
      kind: 'error',
      error: {
        code: NL_ERROR_CODES.answerNotUnderstood,
        message: `The prompt does not answer the pending question '${question.prompt}'`,
        suggestedChatResponse: `Sorry, I didn't catch that. ${question.prompt}`,
        ...nonEmpty(answerChoices(question, tokens)),
      },
      facts: otherFacts,
    };
  }

  if (reading.queries.length > 0 && reading.queries[0].rivals) {
    return { kind: 'error', error: ambiguity(reading.queries[0].reading, reading.queries[0].rivals), facts };
  }
  // "The Saddle costs £40" with a repair cost and a hire fee: record neither, ask which.
  const doubtful = reading.statements.find((placed) => placed.rivals && placed.rivals.length > 0);
  if (doubtful?.rivals) {
    const names = new Set([doubtful.reading, ...doubtful.rivals].map((each) => each.relationship.name));
    const kept = { ...facts, valid: facts.valid.filter((fact) => !names.has(fact.relationship)) };
    return { kind: 'error', error: statementAmbiguity(doubtful.reading, doubtful.rivals), facts: kept };
  }
  if (reading.queries.length > 0) {
    const [first, ...others] = reading.queries;
    // A query takes one object: "…Housing Support or Child Allowance?" leaves the rest unmatched.
    const extraObjects = first.reading.objects.slice(1).map((object) => object.text);
    const query = queryOf(first.reading);
    const all = { ...facts, unmatched: [...facts.unmatched, ...extraObjects, ...others.map((other) => other.text)] };
    const unread = facts.unmatched.filter((text) => !incidental(vocabulary, text));
    const refused = facts.invalid;
    if (!wholly || (unread.length === 0 && refused.length === 0 && extraObjects.length === 0 && others.length === 0))
      return { kind: 'query', query, facts: all };
    const partial = {
      facts: facts.valid,
      query,
      otherQueries: others.map((other) => queryOf(other.reading)),
      extraObjects,
      unread,
      refused,
    };
    return { kind: 'error', error: partlyUnderstood(vocabulary, prompt, partial), facts: all };
  }
  const unread = facts.unmatched.filter((text) => !incidental(vocabulary, text));
  // A statement the map refuses beside ones it takes is understood only in part, as unread text is.
  if (wholly && facts.valid.length > 0 && (unread.length > 0 || facts.invalid.length > 0)) {
    const partial = { facts: facts.valid, otherQueries: [], extraObjects: [], unread, refused: facts.invalid };
    return { kind: 'error', error: partlyUnderstood(vocabulary, prompt, partial), facts };
  }
  if (facts.valid.length > 0) return { kind: 'statements', facts };
  const unsure = choiceError(vocabulary, reading);
  if (unsure) return { kind: 'error', error: unsure, facts };
  if (facts.invalid.length > 0) {
    const reasons = facts.invalid.map((fact) => fact.reason).join('; ');
    return {
      kind: 'error',
      error: {
        code: NL_ERROR_CODES.factsInvalid,
        message: `No statement could be recorded: ${reasons}`,
        suggestedChatResponse: `I couldn't record that: ${facts.invalid[0].reason}.`,
        // Questions about what the statement was about, so the chat can go on from there.
        ...nonEmpty(suggestQuestions(vocabulary, tokenize(prompt), relationshipsOf(vocabulary, facts.invalid))),
      },
      facts,
    };
  }
  // "Which falconer looks after Ashby?": a question in words the map does not use, read by its concepts.
  const byConcepts = wholly && reading.statements.length === 0 ? readByConcepts(vocabulary, prompt, tokens) : undefined;
  if (byConcepts?.kind === 'one')
    return { kind: 'query', query: byConcepts.query, facts: { ...facts, unmatched: [] }, assumption: byConcepts.assumption };
  if (byConcepts?.kind === 'several') return { kind: 'error', error: byConcepts.error, facts };
  return { kind: 'error', error: errorFor(vocabulary, prompt, reading), facts };
}
