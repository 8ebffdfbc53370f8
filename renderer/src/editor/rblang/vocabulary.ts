/**
 * RBLang's elements, their attributes and the fixed values attributes take, with one line of help
 * each (spec section 2), for completions. The loader's schema stays the authority on validity.
 */

interface AttributeHelp {
  readonly name: string;
  readonly help: string;
  /** Fixed values this attribute takes, if it is an enumeration. */
  readonly values?: readonly string[];
}

interface ElementHelp {
  readonly name: string;
  readonly help: string;
  readonly attributes: readonly AttributeHelp[];
  readonly children: readonly string[];
  /** The snippet inserted after `<` (Monaco snippet syntax). */
  readonly snippet: string;
}

/** An attribute's one line of help, or that and the fixed values it takes. */
type AttributeEntry = string | readonly [help: string, values: readonly string[]];

interface ElementEntry {
  readonly help: string;
  /** Attribute name → its help, in the order completions offer them. */
  readonly attributes?: Readonly<Record<string, AttributeEntry>>;
  readonly children?: readonly string[];
  /** Default: the element around its text (`name>$1</name>`). */
  readonly snippet?: string;
}

const BOOLEAN = ['true', 'false'];
const SCOPE: AttributeEntry = ['Facts shared by sessions with the same context id.', ['context']];
const EVIDENCE_TEXT: AttributeEntry = 'Evidence text, with {{%VAR}} interpolation.';

const TABLE: Readonly<Record<string, ElementEntry>> = {
  kb: {
    help: 'The map’s root element.',
    children: ['concept', 'rel', 'concinst', 'relinst', 'import', 'compound'],
    snippet: 'rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">\n\t$0\n</rbl:kb>',
  },
  concept: {
    help: 'A concept: a type of thing (string) or value (number, date, truth).',
    attributes: {
      name: 'Unique concept name.',
      type: ['The value type.', ['string', 'number', 'date', 'truth']],
      behaviour: ['A two-instance custom yes/no.', ['mutually-exclusive']],
      scope: SCOPE,
    },
    children: ['datasource'],
    snippet: 'concept name="$1" type="${2|string,number,date,truth|}"/>',
  },
  rel: {
    help: 'A relationship between a subject concept and an object concept.',
    attributes: {
      name: 'Unique relationship name.',
      subject: 'Subject concept (a string concept).',
      object: 'Object concept.',
      plural: ['Whether a subject may have several objects (default false).', BOOLEAN],
      askable: ['Which questions may be asked (default all).', ['all', 'none', 'secondFormObject', 'secondFormSubject']],
      allowCF: ['Whether answers may carry a certainty (default true).', BOOLEAN],
      allowUnknown: ['Whether a question may be skipped (default false).', BOOLEAN],
      canAdd: ['Which side an answer may add a new value to.', ['all', 'none', 'subject', 'object', 'subject,object']],
      group: 'Question groups, comma-separated.',
      scope: SCOPE,
    },
    children: ['firstForm', 'secondFormObject', 'secondFormSubject'],
    snippet:
      'rel name="$1" subject="$2" object="$3" plural="${4|false,true|}" askable="${5|all,none,secondFormObject,secondFormSubject|}"/>',
  },
  firstForm: { help: 'Yes/no question, both ends known: "Does %S speak %O?"' },
  secondFormObject: { help: 'Asks for the object: "Which languages does %S speak?"' },
  secondFormSubject: { help: 'Asks for the subject: "Who speaks %O?"' },
  concinst: {
    help: 'An instance of a string concept.',
    attributes: { name: 'The instance’s value.', type: 'Its concept.' },
    children: ['meta'],
    snippet: 'concinst name="$1" type="$2"/>',
  },
  meta: {
    help: 'Markdown metadata of an instance.',
    attributes: { type: ['Metadata type.', ['md', 'text', 'image']] },
    snippet: 'meta type="md">$1</meta>',
  },
  relinst: {
    help: 'A fact (no conditions) or a rule (with conditions).',
    attributes: {
      type: 'The relationship stated or concluded.',
      subject: 'Subject instance (omitted in a rule: any subject, %S).',
      object: 'Object value (omitted in a rule: %O).',
      cf: 'Certainty 0-100 (a rule’s maximum; default 100).',
      'minimum-rule-certainty': 'Conclusions below this certainty are dropped (default 20).',
      behaviour: ['Condition ordering.', ['top-down', 'top-down-strict']],
      alt: EVIDENCE_TEXT,
      name: 'The rule’s name.',
    },
    children: ['condition'],
    snippet: 'relinst type="$1" cf="${2:100}" name="$3">\n\t<condition rel="$4" subject="%S" object="%O"/>\n</relinst>',
  },
  condition: {
    help: 'A rule condition: a relationship, an expression test, or an assignment.',
    attributes: {
      rel: 'The relationship to match.',
      subject: 'A variable (%S, %NAME) or an instance.',
      object: 'A variable or a value.',
      expression: 'An expression; true meets the condition.',
      value: 'Binds the expression’s result to a variable (%X).',
      weight: 'Relative weight in the certainty average (default 100).',
      behaviour: ['Whether an unmet condition fails the rule.', ['mandatory', 'optional']],
      alt: EVIDENCE_TEXT,
    },
    snippet: 'condition rel="$1" subject="%S" object="$2"/>',
  },
  import: {
    help: 'Links a published version of another map.',
    attributes: { km: 'The other map’s id.', versionNumber: 'Its version.' },
    snippet: 'import km="$1" versionNumber="$2"/>',
  },
  datasource: {
    help: 'An HTTP call that provides facts about a string concept’s instances.',
    attributes: {
      hostname: 'http:// or https:// address.',
      path: 'Request path, {{%S}} allowed.',
      method: ['HTTP method.', ['GET', 'POST']],
      name: 'Its name.',
    },
    children: ['action', 'input', 'headers'],
    snippet: 'datasource hostname="$1" path="$2" method="${3|GET,POST|}">\n\t<action map="$4"/>\n</datasource>',
  },
  action: {
    help: 'Maps a response path to a relationship: "rel=/Path".',
    attributes: { map: 'relationship=/Response/Path' },
    children: ['action'],
    snippet: 'action map="$1"/>',
  },
  input: {
    help: 'Binds an extra variable for a datasource call.',
    attributes: Object.fromEntries(['rel', 'subject', 'object', 'value', 'expression'].map((name) => [name, `Input ${name}.`])),
    snippet: 'input rel="$1" subject="$2" object="$3"/>',
  },
  headers: { help: 'Request headers.', children: ['header'], snippet: 'headers>\n\t<header key="$1" value="$2"/>\n</headers>' },
  header: {
    help: 'One request header.',
    attributes: { key: 'Header name.', value: 'Header value.' },
    snippet: 'header key="$1" value="$2"/>',
  },
  compound: { help: 'Accepted and ignored (no known meaning).', snippet: 'compound $0/>' },
};

function attributeOf([name, entry]: [string, AttributeEntry]): AttributeHelp {
  return typeof entry === 'string' ? { name, help: entry } : { name, help: entry[0], values: entry[1] };
}

export const ELEMENTS: readonly ElementHelp[] = Object.entries(TABLE).map(([name, entry]) => ({
  name,
  help: entry.help,
  attributes: Object.entries(entry.attributes ?? {}).map(attributeOf),
  children: entry.children ?? [],
  snippet: entry.snippet ?? `${name}>$1</${name}>`,
}));

const byName = new Map(ELEMENTS.map((element) => [element.name, element]));

/** An element's help by local name. */
export function elementHelp(name: string): ElementHelp | undefined {
  return byName.get(name);
}
