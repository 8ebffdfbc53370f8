/**
 * Completions for the RBLang editor: where the cursor is (an element name, an attribute name, or
 * inside an attribute's value, and in which element), then what may be written there: elements
 * allowed in the parent, the element's attributes, enumeration values, concept, relationship and
 * instance names, the rule's variables, and expression functions with their signatures.
 */
import { FUNCTION_SIGNATURES, signatureText } from './functions';
import type { MapIndex } from './map-index';
import { scanRblang } from './scan';
import { ELEMENTS, elementHelp } from './vocabulary';

type CompletionPlace =
  | { readonly kind: 'element'; readonly parent: string; readonly prefix: string }
  | { readonly kind: 'attribute'; readonly element: string; readonly written: readonly string[]; readonly prefix: string }
  | {
      readonly kind: 'value';
      readonly element: string;
      readonly attribute: string;
      /** The other attributes of the tag (e.g. a condition's `rel` when completing its `object`). */
      readonly siblings: Readonly<Record<string, string>>;
      readonly prefix: string;
      /** Inside single quotes within an expression. */
      readonly quoted: boolean;
    };

type CompletionKind = 'element' | 'attribute' | 'value' | 'concept' | 'relationship' | 'instance' | 'variable' | 'function';

interface CompletionEntry {
  readonly label: string;
  readonly kind: CompletionKind;
  readonly insertText: string;
  /** `insertText` is a Monaco snippet. */
  readonly snippet?: boolean;
  readonly detail?: string;
  readonly documentation?: string;
}

const ATTRIBUTE_PAIR = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** Which element encloses `offset` (for element completions): scans the text before it. */
function parentAt(text: string, offset: number): string {
  const scan = scanRblang(text.slice(0, offset));
  const innermost = scan.open[scan.open.length - 1];
  return innermost === undefined ? '' : scan.elements[innermost].name;
}

function inComment(text: string, offset: number): boolean {
  return text.lastIndexOf('<!--', offset) > text.lastIndexOf('-->', offset - 1);
}

/** Whether the tag opened at `open` ends before `offset` (a `>` outside quotes; expressions may hold `>`). */
function closedBefore(text: string, open: number, offset: number): boolean {
  let quote = '';
  for (let index = open; index < offset; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"') quote = char;
    else if (char === '>') return true;
  }
  return false;
}

/** Where the cursor is, from the text around `offset`; undefined in text content or comments. */
export function completionPlace(text: string, offset: number): CompletionPlace | undefined {
  const open = text.lastIndexOf('<', offset - 1);
  if (open < 0 || inComment(text, offset) || closedBefore(text, open, offset)) return undefined;
  const before = text.slice(open + 1, offset);
  if (/^[\w:.-]*$/.test(before)) return { kind: 'element', parent: parentAt(text, open), prefix: before };
  const element = localName(/^[\w:.-]+/.exec(before)?.[0] ?? '');
  // The whole start tag (to its `>`), to know the tag's other attributes.
  const close = text.indexOf('>', offset);
  const tag = text.slice(open, close < 0 ? text.length : close);
  const siblings: Record<string, string> = {};
  for (const match of tag.matchAll(ATTRIBUTE_PAIR)) siblings[localName(match[1])] = match[3] ?? match[4] ?? '';
  const inValue = /([\w:.-]+)\s*=\s*"([^"]*)$/.exec(before);
  if (inValue) {
    const attribute = localName(inValue[1]);
    const value = inValue[2];
    const quotes = (value.match(/'/g) ?? []).length;
    const quoted = attribute === 'expression' && quotes % 2 === 1;
    const prefix = quoted
      ? value.slice(value.lastIndexOf("'") + 1)
      : attribute === 'expression' || attribute === 'value'
        ? (/%?[\w]*$/.exec(value)?.[0] ?? '')
        : value;
    return { kind: 'value', element, attribute, siblings, prefix, quoted };
  }
  const name = /\s([\w:.-]*)$/.exec(before);
  if (!name) return undefined;
  return { kind: 'attribute', element, written: Object.keys(siblings), prefix: name[1] };
}

function names(kind: 'concept' | 'relationship', index: MapIndex, filter?: (name: string) => boolean): CompletionEntry[] {
  if (kind === 'concept') {
    return index.concepts
      .filter((concept) => !filter || filter(concept.name))
      .map((concept) => ({ label: concept.name, kind, insertText: concept.name, detail: `concept (${concept.type})` }));
  }
  return index.relationships.map((relationship) => ({
    label: relationship.name,
    kind,
    insertText: relationship.name,
    detail: `${relationship.subject} → ${relationship.object}`,
  }));
}

function instancesOf(index: MapIndex, concept: string | undefined): CompletionEntry[] {
  const type = index.concepts.find((entry) => entry.name === concept)?.type;
  if (type === 'truth') return ['true', 'false'].map((value) => ({ label: value, kind: 'value', insertText: value }));
  return index.instances
    .filter((instance) => concept === undefined || instance.concept === concept)
    .map((instance) => ({ label: instance.name, kind: 'instance', insertText: instance.name, detail: `instance of ${instance.concept}` }));
}

function variablesAt(index: MapIndex, line: number): CompletionEntry[] {
  const rule = index.rules.find((entry) => line >= entry.range.line && line <= entry.range.endLine);
  const variables = rule?.variables ?? ['S', 'O'];
  return variables.map((variable) => ({
    label: `%${variable}`,
    kind: 'variable',
    insertText: `%${variable}`,
    detail: rule ? `variable of ${rule.name ?? rule.label}` : 'variable',
  }));
}

function functions(): CompletionEntry[] {
  return FUNCTION_SIGNATURES.map((signature) => ({
    label: signature.name,
    kind: 'function',
    insertText: `${signature.name}(${signature.parameters.map((parameter, index) => `\${${index + 1}:${parameter}}`).join(', ')})`,
    snippet: true,
    detail: signatureText(signature),
    documentation: signature.help,
  }));
}

function relationshipEnd(index: MapIndex, relationship: string | undefined, end: 'subject' | 'object'): string | undefined {
  const found = index.relationships.find((entry) => entry.name === relationship);
  return found ? found[end] : undefined;
}

function valueCompletions(place: Extract<CompletionPlace, { kind: 'value' }>, index: MapIndex, line: number): CompletionEntry[] {
  const { element, attribute, siblings } = place;
  const fixed = elementHelp(element)?.attributes.find((entry) => entry.name === attribute)?.values;
  if (fixed) return fixed.map((value) => ({ label: value, kind: 'value', insertText: value }));
  const stringConcept = (name: string) => index.concepts.find((concept) => concept.name === name)?.type === 'string';
  if (element === 'rel' && attribute === 'subject') return names('concept', index, stringConcept);
  if ((element === 'rel' && attribute === 'object') || (element === 'concinst' && attribute === 'type'))
    return names('concept', index, element === 'concinst' ? stringConcept : undefined);
  if ((element === 'relinst' && attribute === 'type') || ((element === 'condition' || element === 'input') && attribute === 'rel'))
    return names('relationship', index);
  if (element === 'relinst' && (attribute === 'subject' || attribute === 'object'))
    return instancesOf(index, relationshipEnd(index, siblings.type, attribute));
  if (element === 'condition' && (attribute === 'subject' || attribute === 'object')) {
    return [...variablesAt(index, line), ...instancesOf(index, relationshipEnd(index, siblings.rel, attribute))];
  }
  if (element === 'condition' && attribute === 'value') return variablesAt(index, line);
  if (attribute === 'expression') {
    if (place.quoted) return names('relationship', index);
    return place.prefix.startsWith('%') ? variablesAt(index, line) : [...functions(), ...variablesAt(index, line)];
  }
  return [];
}

/** What may be written at the place, named from the map's index. `line` places variables in their rule. */
export function completionsAt(place: CompletionPlace, index: MapIndex, line: number): CompletionEntry[] {
  if (place.kind === 'element') {
    const allowed = elementHelp(place.parent || 'kb')?.children ?? ELEMENTS.map((element) => element.name);
    const candidates = place.parent === '' ? ['kb'] : allowed;
    return candidates.map((name) => {
      const help = elementHelp(name);
      return {
        label: name,
        kind: 'element',
        insertText: help?.snippet ?? name,
        snippet: true,
        ...(help ? { documentation: help.help } : {}),
      };
    });
  }
  if (place.kind === 'attribute') {
    const help = elementHelp(place.element);
    return (help?.attributes ?? [])
      .filter((attribute) => !place.written.includes(attribute.name))
      .map((attribute) => ({
        label: attribute.name,
        kind: 'attribute',
        insertText: `${attribute.name}="$1"`,
        snippet: true,
        documentation: attribute.help,
      }));
  }
  return valueCompletions(place, index, line);
}
