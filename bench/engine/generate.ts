/**
 * Generated reasoning workloads: each case is one piece of logic written twice, as an RBLang map
 * for Lapwing and as a Prolog program for SWI-Prolog, with the queries both must answer and the
 * number of answers each query has (so a wrong answer is caught, not timed).
 */
import type { QueryInput } from '../../electron/common/decision-api';

export interface BenchQuery {
  readonly label: string;
  readonly query: QueryInput;
  /** The same query for Prolog: a findall template and goal, e.g. `O` and `r10(a, O)`. */
  readonly prolog: { readonly template: string; readonly goal: string };
  readonly expectedAnswers: number;
}

export interface ReasoningCase {
  readonly name: string;
  readonly description: string;
  readonly factCount: number;
  readonly ruleCount: number;
  /** RBLang XML. */
  readonly map: string;
  /** Prolog facts and rules (no entry point). */
  readonly prolog: string;
  /** Predicates defined by rules, as `name/arity`: tabled in the tabled Prolog run. */
  readonly rulePredicates: readonly string[];
  readonly queries: readonly BenchQuery[];
}

/** Node names are plain ASCII words: valid RBLang instance names and quoted Prolog atoms alike. */
const NODE = 'Node';

function rblang(
  rels: readonly string[],
  instances: Iterable<string>,
  facts: Iterable<[string, string, string]>,
  rules: readonly string[],
): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">',
    `  <concept name="${NODE}" type="string"/>`,
  ];
  // Plural (every answer is gathered) and never asked: answers come from facts and rules only.
  for (const rel of rels) out.push(`  <rel name="${rel}" subject="${NODE}" object="${NODE}" plural="true" askable="none"/>`);
  // Fact objects must be declared instances (Rainbird refuses undeclared ones), so declare them all.
  for (const name of instances) out.push(`  <concinst name="${name}" type="${NODE}"/>`);
  for (const [rel, subject, object] of facts) out.push(`  <relinst type="${rel}" subject="${subject}" object="${object}" cf="100"/>`);
  out.push(...rules.map((rule) => `  ${rule}`), '</rbl:kb>', '');
  return out.join('\n');
}

function prologFacts(facts: Iterable<[string, string, string]>): string {
  const lines: string[] = [];
  for (const [rel, subject, object] of facts) lines.push(`${rel}('${subject}', '${object}').`);
  return lines.join('\n');
}

/**
 * A rule chain of `depth` relationships: r1 holds `fanOut` facts a -> b<i>, and each
 * `rK+1(S,O) :- rK(S,O)`. Asking r<depth> walks the whole chain for every answer.
 */
export function ruleChain(depth: number, fanOut = 100): ReasoningCase {
  const rels = Array.from({ length: depth }, (_, i) => `r${i + 1}`);
  const objects = Array.from({ length: fanOut }, (_, i) => `b${i}`);
  const facts = (): Iterable<[string, string, string]> => objects.map((object): [string, string, string] => ['r1', 'a', object]);
  const rblRules: string[] = [];
  const plRules: string[] = [];
  for (let k = 1; k < depth; k++) {
    rblRules.push(`<relinst type="r${k + 1}" name="r${k + 1} from r${k}"><condition rel="r${k}" subject="%S" object="%O"/></relinst>`);
    plRules.push(`r${k + 1}(S, O) :- r${k}(S, O).`);
  }
  const top = `r${depth}`;
  const lastObject = objects[objects.length - 1];
  return {
    name: `chain depth ${depth}`,
    description: `${depth - 1} rules r(k+1) :- r(k), ${fanOut} facts of r1`,
    factCount: fanOut,
    ruleCount: depth - 1,
    map: rblang(rels, ['a', ...objects], facts(), rblRules),
    prolog: `${prologFacts(facts())}\n${plRules.join('\n')}\n`,
    rulePredicates: rels.slice(1).map((rel) => `${rel}/2`),
    queries: [
      {
        label: `${top}(a, ?)`,
        query: { subject: 'a', relationship: top },
        prolog: { template: 'O', goal: `${top}('a', O)` },
        expectedAnswers: fanOut,
      },
      {
        label: `${top}(?, ${lastObject})`,
        query: { relationship: top, object: lastObject },
        prolog: { template: 'S', goal: `${top}(S, '${lastObject}')` },
        expectedAnswers: 1,
      },
    ],
  };
}

/**
 * A two-condition join over `factCount` parent facts: root p0 has about sqrt(N) children c<i>,
 * and the remaining facts give those children g<k> children, round robin.
 * `grandparent(S,O) :- parent(S,X), parent(X,O)`.
 * Asking grandparent(p0, ?) joins through every fact; grandparent(?, g<last>) is one selective lookup.
 */
export function grandparentJoin(factCount: number): ReasoningCase {
  const children = Math.max(1, Math.round(Math.sqrt(factCount)));
  const grandchildren = factCount - children;
  const facts = function* (): Iterable<[string, string, string]> {
    for (let i = 0; i < children; i++) yield ['parent', 'p0', `c${i}`];
    for (let k = 0; k < grandchildren; k++) yield ['parent', `c${k % children}`, `g${k}`];
  };
  const instances = function* (): Iterable<string> {
    yield 'p0';
    for (let i = 0; i < children; i++) yield `c${i}`;
    for (let k = 0; k < grandchildren; k++) yield `g${k}`;
  };
  const last = `g${grandchildren - 1}`;
  return {
    name: `join ${factCount.toLocaleString('en-US')} facts`,
    description: `grandparent(S,O) :- parent(S,X), parent(X,O); ${children} children, ${grandchildren} grandchildren`,
    factCount,
    ruleCount: 1,
    map: rblang(['parent', 'grandparent'], instances(), facts(), [
      '<relinst type="grandparent" name="grandparent"><condition rel="parent" subject="%S" object="%X"/><condition rel="parent" subject="%X" object="%O"/></relinst>',
    ]),
    prolog: `${prologFacts(facts())}\ngrandparent(S, O) :- parent(S, X), parent(X, O).\n`,
    rulePredicates: ['grandparent/2'],
    queries: [
      {
        label: 'grandparent(p0, ?)',
        query: { subject: 'p0', relationship: 'grandparent' },
        prolog: { template: 'O', goal: "grandparent('p0', O)" },
        expectedAnswers: grandchildren,
      },
      {
        label: `grandparent(?, ${last})`,
        query: { relationship: 'grandparent', object: last },
        prolog: { template: 'S', goal: `grandparent(S, '${last}')` },
        expectedAnswers: 1,
      },
    ],
  };
}
