/**
 * Helpers shared by the element handlers.
 */
import type { SourcePosition } from '../../model/types';
import { Code } from '../diagnostics';
import type { LoadContext } from '../context';
import { FORBIDDEN_INSTANCE_CHARACTERS, FORBIDDEN_NAME_CHARACTERS, MAX_NAME_LENGTH } from '../names';
import type { XmlAttribute, XmlElement } from '../xml-reader';

/** Model position of an element. */
export function positionOf(context: LoadContext, element: XmlElement): SourcePosition {
  return context.source.position(element.offset);
}

/** Children with a given local name, in document order. */
export function childrenNamed(element: XmlElement, localName: string): XmlElement[] {
  // A loop, not a filter with a closure: this runs for every fact and rule.
  const found: XmlElement[] = [];
  for (const child of element.children) if (child.localName === localName) found.push(child);
  return found;
}

/** Text content with surrounding white space removed; undefined when blank. */
export function textContent(element: XmlElement): string | undefined {
  const text = element.text.trim();
  return text === '' ? undefined : text;
}

/**
 * Check a declared name against the platform's rules. Concept and relationship names with the
 * characters its documentation forbids are errors (they break quoting in expressions). Instance names
 * are held to less: live-validated maps use instances such as regular expressions with backslashes,
 * so only a double quote or angle bracket (which cannot survive a round trip through attributes
 * unescaped) gets a warning.
 */
export function checkName(context: LoadContext, attribute: XmlAttribute, kind: 'concept' | 'relationship' | 'instance'): void {
  const name = attribute.value;
  if (name.length > MAX_NAME_LENGTH) {
    context.sink.error(
      Code.invalidName,
      `${kind} name is ${name.length} characters long; the limit is ${MAX_NAME_LENGTH}`,
      attribute.offset,
    );
  }
  if (kind === 'instance') {
    if (FORBIDDEN_INSTANCE_CHARACTERS.test(name)) {
      context.sink.warning(Code.invalidName, `instance name '${name}' contains a double quote or angle bracket`, attribute.offset);
    }
  } else if (FORBIDDEN_NAME_CHARACTERS.test(name)) {
    context.sink.error(
      Code.invalidName,
      `${kind} name '${name}' contains a quote, backslash or angle bracket, which names cannot contain`,
      attribute.offset,
    );
  }
  if (name !== name.trim()) {
    context.sink.warning(Code.invalidName, `${kind} name '${name}' starts or ends with a space`, attribute.offset);
  }
}
