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

const BOOLEAN = ['true', 'false'];

export const ELEMENTS: readonly ElementHelp[] = [
  {
    name: 'kb',
    help: 'The map’s root element.',
    attributes: [],
    children: ['concept', 'rel', 'concinst', 'relinst', 'import', 'compound'],
    snippet: 'rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">\n\t$0\n</rbl:kb>',
  },
  {
    name: 'concept',
    help: 'A concept: a type of thing (string) or value (number, date, truth).',
    attributes: [
      { name: 'name', help: 'Unique concept name.' },
      { name: 'type', help: 'The value type.', values: ['string', 'number', 'date', 'truth'] },
      { name: 'behaviour', help: 'A two-instance custom yes/no.', values: ['mutually-exclusive'] },
      { name: 'scope', help: 'Facts shared by sessions with the same context id.', values: ['context'] },
    ],
    children: ['datasource'],
    snippet: 'concept name="$1" type="${2|string,number,date,truth|}"/>',
  },
  {
    name: 'rel',
    help: 'A relationship between a subject concept and an object concept.',
    attributes: [
      { name: 'name', help: 'Unique relationship name.' },
      { name: 'subject', help: 'Subject concept (a string concept).' },
      { name: 'object', help: 'Object concept.' },
      { name: 'plural', help: 'Whether a subject may have several objects (default false).', values: BOOLEAN },
      {
        name: 'askable',
        help: 'Which questions may be asked (default all).',
        values: ['all', 'none', 'secondFormObject', 'secondFormSubject'],
      },
      { name: 'allowCF', help: 'Whether answers may carry a certainty (default true).', values: BOOLEAN },
      { name: 'allowUnknown', help: 'Whether a question may be skipped (default false).', values: BOOLEAN },
      {
        name: 'canAdd',
        help: 'Which side an answer may add a new value to.',
        values: ['all', 'none', 'subject', 'object', 'subject,object'],
      },
      { name: 'group', help: 'Question groups, comma-separated.' },
      { name: 'scope', help: 'Facts shared by sessions with the same context id.', values: ['context'] },
    ],
    children: ['firstForm', 'secondFormObject', 'secondFormSubject'],
    snippet:
      'rel name="$1" subject="$2" object="$3" plural="${4|false,true|}" askable="${5|all,none,secondFormObject,secondFormSubject|}"/>',
  },
  {
    name: 'firstForm',
    help: 'Yes/no question, both ends known: "Does %S speak %O?"',
    attributes: [],
    children: [],
    snippet: 'firstForm>$1</firstForm>',
  },
  {
    name: 'secondFormObject',
    help: 'Asks for the object: "Which languages does %S speak?"',
    attributes: [],
    children: [],
    snippet: 'secondFormObject>$1</secondFormObject>',
  },
  {
    name: 'secondFormSubject',
    help: 'Asks for the subject: "Who speaks %O?"',
    attributes: [],
    children: [],
    snippet: 'secondFormSubject>$1</secondFormSubject>',
  },
  {
    name: 'concinst',
    help: 'An instance of a string concept.',
    attributes: [
      { name: 'name', help: 'The instance’s value.' },
      { name: 'type', help: 'Its concept.' },
    ],
    children: ['meta'],
    snippet: 'concinst name="$1" type="$2"/>',
  },
  {
    name: 'meta',
    help: 'Markdown metadata of an instance.',
    attributes: [{ name: 'type', help: 'Metadata type.', values: ['md', 'text', 'image'] }],
    children: [],
    snippet: 'meta type="md">$1</meta>',
  },
  {
    name: 'relinst',
    help: 'A fact (no conditions) or a rule (with conditions).',
    attributes: [
      { name: 'type', help: 'The relationship stated or concluded.' },
      { name: 'subject', help: 'Subject instance (omitted in a rule: any subject, %S).' },
      { name: 'object', help: 'Object value (omitted in a rule: %O).' },
      { name: 'cf', help: 'Certainty 0-100 (a rule’s maximum; default 100).' },
      { name: 'minimum-rule-certainty', help: 'Conclusions below this certainty are dropped (default 20).' },
      { name: 'behaviour', help: 'Condition ordering.', values: ['top-down', 'top-down-strict'] },
      { name: 'alt', help: 'Evidence text, with {{%VAR}} interpolation.' },
      { name: 'name', help: 'The rule’s name.' },
    ],
    children: ['condition'],
    snippet: 'relinst type="$1" cf="${2:100}" name="$3">\n\t<condition rel="$4" subject="%S" object="%O"/>\n</relinst>',
  },
  {
    name: 'condition',
    help: 'A rule condition: a relationship, an expression test, or an assignment.',
    attributes: [
      { name: 'rel', help: 'The relationship to match.' },
      { name: 'subject', help: 'A variable (%S, %NAME) or an instance.' },
      { name: 'object', help: 'A variable or a value.' },
      { name: 'expression', help: 'An expression; true meets the condition.' },
      { name: 'value', help: 'Binds the expression’s result to a variable (%X).' },
      { name: 'weight', help: 'Relative weight in the certainty average (default 100).' },
      { name: 'behaviour', help: 'Whether an unmet condition fails the rule.', values: ['mandatory', 'optional'] },
      { name: 'alt', help: 'Evidence text, with {{%VAR}} interpolation.' },
    ],
    children: [],
    snippet: 'condition rel="$1" subject="%S" object="$2"/>',
  },
  {
    name: 'import',
    help: 'Links a published version of another map.',
    attributes: [
      { name: 'km', help: 'The other map’s id.' },
      { name: 'versionNumber', help: 'Its version.' },
    ],
    children: [],
    snippet: 'import km="$1" versionNumber="$2"/>',
  },
  {
    name: 'datasource',
    help: 'An HTTP call that provides facts about a string concept’s instances.',
    attributes: [
      { name: 'hostname', help: 'http:// or https:// address.' },
      { name: 'path', help: 'Request path, {{%S}} allowed.' },
      { name: 'method', help: 'HTTP method.', values: ['GET', 'POST'] },
      { name: 'name', help: 'Its name.' },
    ],
    children: ['action', 'input', 'headers'],
    snippet: 'datasource hostname="$1" path="$2" method="${3|GET,POST|}">\n\t<action map="$4"/>\n</datasource>',
  },
  {
    name: 'action',
    help: 'Maps a response path to a relationship: "rel=/Path".',
    attributes: [{ name: 'map', help: 'relationship=/Response/Path' }],
    children: ['action'],
    snippet: 'action map="$1"/>',
  },
  {
    name: 'input',
    help: 'Binds an extra variable for a datasource call.',
    attributes: ['rel', 'subject', 'object', 'value', 'expression'].map((name) => ({ name, help: `Input ${name}.` })),
    children: [],
    snippet: 'input rel="$1" subject="$2" object="$3"/>',
  },
  {
    name: 'headers',
    help: 'Request headers.',
    attributes: [],
    children: ['header'],
    snippet: 'headers>\n\t<header key="$1" value="$2"/>\n</headers>',
  },
  {
    name: 'header',
    help: 'One request header.',
    attributes: [
      { name: 'key', help: 'Header name.' },
      { name: 'value', help: 'Header value.' },
    ],
    children: [],
    snippet: 'header key="$1" value="$2"/>',
  },
  { name: 'compound', help: 'Accepted and ignored (no known meaning).', attributes: [], children: [], snippet: 'compound $0/>' },
];

const byName = new Map(ELEMENTS.map((element) => [element.name, element]));

/** An element's help by local name. */
export function elementHelp(name: string): ElementHelp | undefined {
  return byName.get(name);
}
