/**
 * Reading the map index at a place in the text: which name is there, where it is declared, where it
 * is used, what to show on hover, and the outline with the item that encloses a line.
 */
import { functionSignature, signatureText } from './functions';
import type { MapIndex, NameKind, NameSite, RuleInfo, TextRange } from './map-index';

function contains(range: TextRange, line: number, column: number): boolean {
  if (line < range.line || line > range.endLine) return false;
  if (line === range.line && column < range.column) return false;
  // A cursor just after the last character still "touches" the name, as in every editor.
  if (line === range.endLine && column > range.endColumn) return false;
  return true;
}

/** The name written at a 1-based line and column, if any. */
function siteAt(index: MapIndex, line: number, column: number): NameSite | undefined {
  return index.sites.find((site) => contains(site.range, line, column));
}

function sameName(a: { kind: NameKind; name: string }, b: { kind: NameKind; name: string }): boolean {
  return a.kind === b.kind && a.name === b.name;
}

/** Where the name at the position is declared (several places for an instance named under several concepts). */
export function definitionsAt(index: MapIndex, line: number, column: number): TextRange[] {
  const site = siteAt(index, line, column);
  if (!site) return [];
  return index.sites.filter((other) => other.declaration && sameName(site, other)).map((other) => other.range);
}

/** Every place the name at the position is written (its declarations too when asked). */
export function referencesAt(index: MapIndex, line: number, column: number, includeDeclaration: boolean): TextRange[] {
  const site = siteAt(index, line, column);
  if (!site) return [];
  return index.sites.filter((other) => sameName(site, other) && (includeDeclaration || !other.declaration)).map((other) => other.range);
}

/** The rules (ordinals) that use a name: in their header or conditions, or through a relationship that does (for concepts). */
export function rulesUsing(index: MapIndex, kind: NameKind, name: string): Set<number> {
  const rules = new Set<number>();
  const relationships = new Set<string>();
  if (kind === 'concept') {
    for (const relationship of index.relationships)
      if (relationship.subject === name || relationship.object === name) relationships.add(relationship.name);
  }
  for (const site of index.sites) {
    if (site.rule < 0) continue;
    if ((site.kind === kind && site.name === name) || (site.kind === 'relationship' && relationships.has(site.name))) rules.add(site.rule);
  }
  return rules;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function usage(index: MapIndex, kind: NameKind, name: string): string {
  const count = rulesUsing(index, kind, name).size;
  return count === 0 ? 'Used by no rule.' : `Used by ${plural(count, 'rule')}.`;
}

/** Markdown for a hover at the position: a name's definition and use, or a function's signature. */
export function hoverAt(index: MapIndex, line: number, column: number, word?: string): string | undefined {
  const site = siteAt(index, line, column);
  if (site?.kind === 'relationship') {
    const found = index.relationships.find((relationship) => relationship.name === site.name);
    if (!found) return `**relationship** \`${site.name}\` is not declared.`;
    const inferredBy = index.rules.filter((rule) => rule.relationship === site.name).length;
    return [
      `**relationship** \`${found.name}\`: ${found.subject} → ${found.object}${found.plural ? ', plural' : ''}, askable ${found.askable}`,
      `Declared on line ${found.range.line}; concluded by ${plural(inferredBy, 'rule')}. ${usage(index, 'relationship', found.name)}`,
    ].join('\n\n');
  }
  if (site?.kind === 'concept') {
    const found = index.concepts.find((concept) => concept.name === site.name);
    if (!found) return `**concept** \`${site.name}\` is not declared.`;
    const instances = index.instances.filter((instance) => instance.concept === found.name).length;
    return [
      `**concept** \`${found.name}\` (${found.type}), ${plural(instances, 'instance')}`,
      `Declared on line ${found.range.line}. ${usage(index, 'concept', found.name)}`,
    ].join('\n\n');
  }
  if (site?.kind === 'instance') {
    const found = index.instances.filter((instance) => instance.name === site.name);
    if (found.length === 0) return undefined;
    const where = found.map((instance) => `${instance.concept} (line ${instance.range.line})`).join(', ');
    return [`**instance** \`${site.name}\` of ${where}`, usage(index, 'instance', site.name)].join('\n\n');
  }
  const signature = word ? functionSignature(word) : undefined;
  return signature ? [`\`${signatureText(signature)}\``, signature.help].join('\n\n') : undefined;
}

export interface OutlineItem {
  readonly id: string;
  readonly label: string;
  readonly detail?: string;
  readonly range: TextRange;
  readonly children?: readonly OutlineItem[];
}

/** Concepts, relationships, and rules grouped by the relationship they conclude. */
export function outlineOf(index: MapIndex): OutlineItem[] {
  const groups = new Map<string, RuleInfo[]>();
  for (const rule of index.rules) groups.set(rule.relationship, [...(groups.get(rule.relationship) ?? []), rule]);
  const section = (id: string, label: string, children: OutlineItem[]): OutlineItem => ({
    id,
    label,
    detail: String(children.length),
    range: children[0]?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 },
    children,
  });
  return [
    section(
      'concepts',
      'Concepts',
      index.concepts.map((concept) => ({ id: `concept:${concept.name}`, label: concept.name, detail: concept.type, range: concept.range })),
    ),
    section(
      'relationships',
      'Relationships',
      index.relationships.map((relationship) => ({
        id: `relationship:${relationship.name}`,
        label: relationship.name,
        detail: `${relationship.subject} → ${relationship.object}`,
        range: relationship.range,
      })),
    ),
    section(
      'rules',
      'Rules',
      [...groups].map(([relationship, rules]) => ({
        id: `rules:${relationship}`,
        label: relationship,
        detail: String(rules.length),
        range: rules[0].range,
        children: rules.map((rule) => ({
          id: `rule:${rule.ordinal}`,
          label: rule.name ?? rule.label,
          detail: `cf ${rule.certainty}`,
          range: rule.range,
        })),
      })),
    ),
  ];
}

/** The innermost outline item whose range holds the line (the outline follows the cursor with it). */
export function outlineItemAt(items: readonly OutlineItem[], line: number): OutlineItem | undefined {
  for (const item of items) {
    const inner = item.children ? outlineItemAt(item.children, line) : undefined;
    if (inner) return inner;
    if (!item.children && line >= item.range.line && line <= item.range.endLine) return item;
  }
  return undefined;
}
