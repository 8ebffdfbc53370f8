/**
 * Completions in the fact editor. Where the cursor is (which property of which fact) is worked out
 * here from the text; *what* to offer comes from a {@link CompletionSource} the caller provides,
 * so the editor does not depend on where the vocabulary comes from (a local map, or nothing).
 */
import type { MapVocabulary } from '../../../electron/common/ipc';

type FactProperty = 'subject' | 'relationship' | 'object';

export interface CompletionContext {
  readonly property: FactProperty;
  /** The relationship of the fact being edited, when it is already written. */
  readonly relationship?: string;
  /** What is typed so far inside the value. */
  readonly prefix: string;
  /** True when the cursor is inside a string literal (so completions go in without quotes). */
  readonly inString: boolean;
}

export interface CompletionEntry {
  readonly label: string;
  readonly kind: 'relationship' | 'instance' | 'value';
  readonly detail?: string;
  readonly documentation?: string;
  /** Insert as a JSON string (quoted) or as a bare literal (numbers, booleans). */
  readonly quoted: boolean;
}

export type CompletionSource = (context: CompletionContext) => readonly CompletionEntry[];

/** Index of the `{` opening the object the offset is in, ignoring braces inside strings. */
function enclosingObjectStart(text: string): number {
  const stack: number[] = [];
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') stack.push(index);
    else if (char === '}') stack.pop();
  }
  return stack.length > 0 ? stack[stack.length - 1] : -1;
}

/** Works out what is being typed at the cursor, or null when it is not a fact's property value. */
export function completionContext(before: string, after: string): CompletionContext | null {
  const start = enclosingObjectStart(before);
  if (start < 0) return null;
  const head = before.slice(start);
  const match = /"(subject|relationship|object)"\s*:\s*(?:"((?:[^"\\]|\\.)*))?$/.exec(head);
  if (!match) return null;
  const property = match[1] as FactProperty;
  const inString = match[2] !== undefined;
  const end = after.indexOf('}');
  const whole = head + (end >= 0 ? after.slice(0, end) : after);
  const relMatch = /"relationship"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(property === 'relationship' ? '' : whole);
  return {
    property,
    prefix: match[2] ?? '',
    inString,
    ...(relMatch ? { relationship: relMatch[1] } : {}),
  };
}

/** Completions from a local map's vocabulary: relationship names, and instances of the right concept. */
export function vocabularyCompletions(vocabulary: MapVocabulary): CompletionSource {
  const concepts = new Map(vocabulary.concepts.map((concept) => [concept.name, concept]));
  const instancesOf = (conceptName: string): CompletionEntry[] =>
    (concepts.get(conceptName)?.instances ?? []).map((name) => ({ label: name, kind: 'instance', detail: conceptName, quoted: true }));
  const allSubjects = (): CompletionEntry[] => {
    const seen = new Set<string>();
    return vocabulary.relationships.flatMap((rel) =>
      seen.has(rel.subjectConcept) ? [] : (seen.add(rel.subjectConcept), instancesOf(rel.subjectConcept)),
    );
  };
  return (context) => {
    const rel = context.relationship ? vocabulary.relationships.find((entry) => entry.name === context.relationship) : undefined;
    if (context.property === 'relationship') {
      return vocabulary.relationships.map((entry) => ({
        label: entry.name,
        kind: 'relationship',
        detail: `${entry.subjectConcept} → ${entry.objectConcept}${entry.plural ? ' (plural)' : ''}`,
        ...(entry.questions.secondFormObject ? { documentation: entry.questions.secondFormObject } : {}),
        quoted: true,
      }));
    }
    if (context.property === 'subject') return rel ? instancesOf(rel.subjectConcept) : allSubjects();
    if (!rel) return [];
    if (rel.objectType === 'truth') {
      return [true, false].map((value) => ({ label: String(value), kind: 'value', detail: rel.objectConcept, quoted: false }));
    }
    return rel.objectType === 'string' ? instancesOf(rel.objectConcept) : [];
  };
}
