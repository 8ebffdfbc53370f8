/**
 * The names of a map and where they are written: declarations of concepts, relationships and
 * instances, every place a name is used, and the rules with their extent. Built from a {@link Scan}
 * (so it exists for broken text too), in the diagnostics worker, and sent to the editor as plain
 * data; completions, hovers, definitions, references and the outline read it.
 */
import { attributeOf, positionAt, scanRblang } from './scan';
import type { Scan, ScannedAttribute, ScannedElement } from './scan';

export type NameKind = 'concept' | 'relationship' | 'instance';

/** 1-based, end exclusive, like Monaco's ranges. */
export interface TextRange {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** One place a name is written. */
export interface NameSite {
  readonly kind: NameKind;
  readonly name: string;
  readonly range: TextRange;
  readonly declaration: boolean;
  /** The rule (its ordinal in {@link MapIndex.rules}) the site is inside, or -1. */
  readonly rule: number;
}

export interface ConceptInfo {
  readonly name: string;
  readonly type: string;
  readonly range: TextRange;
}

export interface RelationshipInfo {
  readonly name: string;
  readonly subject: string;
  readonly object: string;
  readonly plural: boolean;
  readonly askable: string;
  readonly range: TextRange;
}

export interface InstanceInfo {
  readonly name: string;
  readonly concept: string;
  readonly range: TextRange;
}

export interface RuleInfo {
  /** Position among the map's rules in document order (0-based), as the engine numbers them. */
  readonly ordinal: number;
  readonly name?: string;
  readonly alt?: string;
  readonly relationship: string;
  /** `speaks #2`: the relationship and the rule's 1-based position among that relationship's rules. */
  readonly label: string;
  readonly certainty: number;
  /** The whole `<relinst>` element. */
  readonly range: TextRange;
  /** Relationships of the rule's relationship conditions, and the text of its expressions, in order. */
  readonly conditions: readonly string[];
  /** Variables written in the rule (without `%`), in order of first use. */
  readonly variables: readonly string[];
}

export interface MapIndex {
  readonly concepts: readonly ConceptInfo[];
  readonly relationships: readonly RelationshipInfo[];
  readonly instances: readonly InstanceInfo[];
  readonly rules: readonly RuleInfo[];
  readonly sites: readonly NameSite[];
}

export const EMPTY_INDEX: MapIndex = { concepts: [], relationships: [], instances: [], rules: [], sites: [] };

function rangeOf(scan: Scan, start: number, end: number): TextRange {
  const from = positionAt(scan, start);
  const to = positionAt(scan, end);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** Condition literals may be written in single quotes (coffeebird); the name is inside them. */
function unquoted(attribute: ScannedAttribute): { name: string; start: number; end: number } {
  const { value, valueStart, valueEnd } = attribute;
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'"))
    return { name: value.slice(1, -1), start: valueStart + 1, end: valueEnd - 1 };
  return { name: value, start: valueStart, end: valueEnd };
}

const VARIABLE = /%([A-Za-z_]\w*)/g;
const QUOTED = /'((?:[^'\\]|\\.)*)'/g;

class IndexBuilder {
  readonly concepts: ConceptInfo[] = [];
  readonly relationships: RelationshipInfo[] = [];
  readonly instances: InstanceInfo[] = [];
  readonly rules: RuleInfo[] = [];
  readonly sites: NameSite[] = [];
  /** Expression texts to search for quoted relationship names once all relationships are known. */
  private readonly expressions: { attribute: ScannedAttribute; rule: number }[] = [];
  private readonly rulesPerRelationship = new Map<string, number>();

  constructor(private readonly scan: Scan) {}

  site(kind: NameKind, name: string, start: number, end: number, declaration: boolean, rule = -1): void {
    if (name.trim() === '') return;
    this.sites.push({ kind, name, range: rangeOf(this.scan, start, end), declaration, rule });
  }

  attributeSite(kind: NameKind, attribute: ScannedAttribute | undefined, declaration: boolean, rule = -1): void {
    if (!attribute) return;
    const { name, start, end } = unquoted(attribute);
    if (kind === 'instance' && name.startsWith('%')) return;
    this.site(kind, name, start, end, declaration, rule);
  }

  element(element: ScannedElement): void {
    const name = attributeOf(element, 'name');
    const range = rangeOf(this.scan, element.start, element.end);
    if (element.name === 'concept' && name) {
      this.concepts.push({ name: name.value, type: attributeOf(element, 'type')?.value ?? 'string', range });
      this.attributeSite('concept', name, true);
    } else if (element.name === 'rel' && name) {
      const subject = attributeOf(element, 'subject');
      const object = attributeOf(element, 'object');
      this.relationships.push({
        name: name.value,
        subject: subject?.value ?? '',
        object: object?.value ?? '',
        plural: attributeOf(element, 'plural')?.value === 'true',
        askable: attributeOf(element, 'askable')?.value ?? 'all',
        range,
      });
      this.attributeSite('relationship', name, true);
      this.attributeSite('concept', subject, false);
      this.attributeSite('concept', object, false);
    } else if (element.name === 'concinst' && name) {
      const type = attributeOf(element, 'type');
      this.instances.push({ name: name.value, concept: type?.value ?? '', range });
      this.attributeSite('instance', name, true);
      this.attributeSite('concept', type, false);
    } else if (element.name === 'relinst') {
      this.relinst(element, range);
    }
  }

  private relinst(element: ScannedElement, range: TextRange): void {
    const type = attributeOf(element, 'type');
    const conditions = element.children.map((child) => this.scan.elements[child]).filter((child) => child.name === 'condition');
    const isRule = conditions.length > 0;
    const ordinal = isRule ? this.rules.length : -1;
    this.attributeSite('relationship', type, false, ordinal);
    this.attributeSite('instance', attributeOf(element, 'subject'), false, ordinal);
    this.attributeSite('instance', attributeOf(element, 'object'), false, ordinal);
    if (!isRule) return;
    const relationship = type?.value ?? '';
    const position = (this.rulesPerRelationship.get(relationship) ?? 0) + 1;
    this.rulesPerRelationship.set(relationship, position);
    const variables = new Set<string>();
    const described: string[] = [];
    for (const condition of conditions) {
      const rel = attributeOf(condition, 'rel');
      const expression = attributeOf(condition, 'expression');
      this.attributeSite('relationship', rel, false, ordinal);
      this.attributeSite('instance', attributeOf(condition, 'subject'), false, ordinal);
      this.attributeSite('instance', attributeOf(condition, 'object'), false, ordinal);
      if (expression) this.expressions.push({ attribute: expression, rule: ordinal });
      described.push(rel?.value ?? expression?.value ?? '');
      for (const attribute of condition.attributes) {
        if (!['subject', 'object', 'value', 'expression'].includes(attribute.name)) continue;
        for (const match of attribute.value.matchAll(VARIABLE)) variables.add(match[1]);
      }
    }
    const name = attributeOf(element, 'name')?.value;
    const alt = attributeOf(element, 'alt')?.value;
    const certainty = Number(attributeOf(element, 'cf')?.value ?? 100);
    this.rules.push({
      ordinal,
      ...(name ? { name } : {}),
      ...(alt ? { alt } : {}),
      relationship,
      label: `${relationship} #${position}`,
      certainty: Number.isFinite(certainty) ? certainty : 100,
      range,
      conditions: described,
      variables: ['S', 'O', ...[...variables].filter((variable) => variable !== 'S' && variable !== 'O')],
    });
  }

  /** Relationship names quoted inside expressions (list functions), e.g. `countRelationshipInstances(%S, 'owns', *)`. */
  expressionSites(): void {
    const known = new Set(this.relationships.map((relationship) => relationship.name));
    for (const { attribute, rule } of this.expressions) {
      for (const match of attribute.value.matchAll(QUOTED)) {
        if (!known.has(match[1])) continue;
        const start = attribute.valueStart + (match.index ?? 0) + 1;
        this.site('relationship', match[1], start, start + match[1].length, false, rule);
      }
    }
  }
}

/** Indexes a scanned map (or scans `text` first). */
export function buildMapIndex(source: string | Scan): MapIndex {
  const scan = typeof source === 'string' ? scanRblang(source) : source;
  const builder = new IndexBuilder(scan);
  for (const element of scan.elements) builder.element(element);
  builder.expressionSites();
  return {
    concepts: builder.concepts,
    relationships: builder.relationships,
    instances: builder.instances,
    rules: builder.rules,
    sites: builder.sites,
  };
}
