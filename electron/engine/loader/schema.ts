/**
 * Which elements, attributes and children RBLang has (spec section 2), and the structural check that
 * reports everything outside that inventory before the element handlers read the tree.
 */
import { Code } from './diagnostics';
import type { LoadContext } from './context';
import { suggest } from './names';
import { isNamespaceAttribute } from './xml-reader';
import type { XmlElement } from './xml-reader';

const RBL_NAMESPACE = 'http://rbl.io/schema/RBLang';

interface ElementSpec {
  readonly attributes: readonly string[];
  readonly children: readonly string[];
  /** Whether text content means something (question wording, metadata, a request body). */
  readonly text: boolean;
  /** Children that may appear at most once. */
  readonly single?: readonly string[];
}

const QUESTION: ElementSpec = { attributes: [], children: [], text: true };

/** Every element by local name. `kb` is the root. */
export const SCHEMA: Readonly<Record<string, ElementSpec>> = {
  kb: { attributes: [], children: ['concept', 'rel', 'concinst', 'relinst', 'import', 'compound'], text: false },
  concept: { attributes: ['name', 'type', 'behaviour', 'scope'], children: ['datasource'], text: false },
  datasource: { attributes: ['hostname', 'path', 'method', 'name'], children: ['action', 'input', 'headers'], text: true },
  action: { attributes: ['map'], children: ['action'], text: false },
  input: { attributes: ['rel', 'subject', 'object', 'value', 'expression'], children: [], text: false },
  headers: { attributes: [], children: ['header'], text: false },
  header: { attributes: ['key', 'value'], children: [], text: false },
  concinst: { attributes: ['name', 'type'], children: ['meta'], text: false },
  meta: { attributes: ['type'], children: [], text: true },
  rel: {
    attributes: ['name', 'subject', 'object', 'plural', 'askable', 'allowCF', 'allowCf', 'allowUnknown', 'canAdd', 'group', 'scope'],
    children: ['firstForm', 'secondFormObject', 'secondFormSubject'],
    text: false,
    single: ['firstForm', 'secondFormObject', 'secondFormSubject'],
  },
  firstForm: QUESTION,
  secondFormObject: QUESTION,
  secondFormSubject: QUESTION,
  relinst: {
    attributes: ['type', 'subject', 'object', 'cf', 'minimum-rule-certainty', 'minimumRuleCertainty', 'behaviour', 'alt', 'name'],
    children: ['condition'],
    text: false,
  },
  // `funct` is tolerated by Studio's validator with unknown meaning; accepted and ignored.
  condition: {
    attributes: ['rel', 'subject', 'object', 'expression', 'value', 'weight', 'salience', 'behaviour', 'alt', 'funct'],
    children: [],
    text: false,
  },
  import: { attributes: ['km', 'versionNumber', 'username'], children: [], text: false },
  // Content is not checked: compounds are parsed and ignored (see the compound handler).
  compound: { attributes: ['subject', 'type', 'object'], children: [], text: false },
};

/** {@link SCHEMA} as a map: looked up for every element, where a keyed property load was 1-2% of a load. */
const SPECS: ReadonlyMap<string, ElementSpec> = new Map(Object.entries(SCHEMA));

/** Where each element belongs, for "is not allowed here" messages. */
const HOME: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SCHEMA).flatMap(([parent, spec]) => spec.children.map((child) => [child, parent === 'kb' ? 'rbl:kb' : parent])),
);

/** How an element is shown in messages: `<rbl:kb>`, `<concept>`. */
export function tag(element: XmlElement): string {
  return `<${element.name}>`;
}

/**
 * Report unknown, misplaced and repeated elements, unknown attributes and stray text, recursively.
 * Elements reported here are skipped by the handlers because they only look for the children they expect.
 */
export function checkStructure(context: LoadContext, root: XmlElement): void {
  if (root.localName !== 'kb') {
    context.sink.warning(
      Code.rootName,
      `the root element is ${tag(root)}; an RBLang map has <rbl:kb> (its content is read anyway)`,
      root.offset,
    );
  } else {
    const declaration = root.attributes.find((a) => a.name === 'xmlns:rbl');
    if (root.name !== 'rbl:kb') {
      context.sink.warning(Code.rootName, `the root element should be written <rbl:kb>, not ${tag(root)}`, root.offset);
    } else if (declaration === undefined) {
      context.sink.warning(Code.rootNamespace, `<rbl:kb> should declare xmlns:rbl="${RBL_NAMESPACE}"`, root.offset);
    } else if (declaration.value !== RBL_NAMESPACE) {
      context.sink.warning(Code.rootNamespace, `xmlns:rbl should be "${RBL_NAMESPACE}", not "${declaration.value}"`, declaration.offset);
    }
  }
  // Explicit stack rather than recursion: nesting depth is the author's choice, not ours.
  // Two parallel stacks, not a pair object per element.
  const elements: XmlElement[] = [root];
  const specs: ElementSpec[] = [SCHEMA.kb];
  while (elements.length > 0) {
    const element = elements.pop() as XmlElement;
    const spec = specs.pop() as ElementSpec;
    checkAttributes(context, element, spec);
    if (!spec.text && element.textOffset >= 0) {
      const text = element.text.trim().replace(/\s+/g, ' ');
      const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
      context.sink.warning(Code.unexpectedText, `unexpected text "${shown}" inside ${tag(element)} is ignored`, element.textOffset);
    }
    if (element.localName === 'compound') continue;
    // Only <rel> limits repeats (of three names: a list, not a set); nothing is made for other elements.
    let seen: string[] | undefined;
    for (const child of element.children) {
      const childSpec = SPECS.get(child.localName);
      if (childSpec === undefined || child.localName === 'kb') {
        const guess = suggest(child.localName, Object.keys(SCHEMA));
        const hint = guess === undefined ? '' : ` (did you mean <${guess}>?)`;
        context.sink.warning(Code.unknownElement, `unknown element ${tag(child)} inside ${tag(element)} is ignored${hint}`, child.offset);
        continue;
      }
      if (!spec.children.includes(child.localName)) {
        const home = HOME[child.localName];
        const belongs = home === undefined ? '' : ` (it belongs inside <${home}>)`;
        context.sink.error(
          Code.misplacedElement,
          `${tag(child)} is not allowed inside ${tag(element)}${belongs}; it is ignored`,
          child.offset,
        );
        continue;
      }
      if (spec.single?.includes(child.localName)) {
        seen ??= [];
        if (seen.includes(child.localName)) {
          context.sink.warning(
            Code.repeatedElement,
            `${tag(element)} has more than one ${tag(child)}; only the first is used`,
            child.offset,
          );
        } else seen.push(child.localName);
      }
      elements.push(child);
      specs.push(childSpec);
    }
  }
}

function checkAttributes(context: LoadContext, element: XmlElement, spec: ElementSpec): void {
  for (const attribute of element.attributes) {
    if (isNamespaceAttribute(attribute) || spec.attributes.includes(attribute.localName)) continue;
    const guess = suggest(attribute.localName, spec.attributes);
    const hint = guess === undefined ? '' : ` (did you mean ${guess}?)`;
    context.sink.warning(
      Code.unknownAttribute,
      `${tag(element)} has an unknown attribute ${attribute.name}; it is ignored${hint}`,
      attribute.offset,
    );
  }
}
