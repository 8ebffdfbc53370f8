/**
 * The index's name sites, packed for the trip from the worker: thousands of small objects cost the
 * UI thread more to receive (structured-clone deserialisation) than one typed array and a list of
 * distinct names, from which the sites are rebuilt in a tight loop.
 */
import type { NameKind, NameSite } from './map-index';

export interface PackedSites {
  readonly names: readonly string[];
  /** Per site: kind, name, line, column, endLine, endColumn, declaration, rule. */
  readonly data: Int32Array;
}

const KINDS: readonly NameKind[] = ['concept', 'relationship', 'instance'];
const WIDTH = 8;

export function packSites(sites: readonly NameSite[]): PackedSites {
  const names: string[] = [];
  const numbers = new Map<string, number>();
  const data = new Int32Array(sites.length * WIDTH);
  sites.forEach((site, index) => {
    let name = numbers.get(site.name);
    if (name === undefined) {
      name = names.length;
      names.push(site.name);
      numbers.set(site.name, name);
    }
    data.set(
      [
        KINDS.indexOf(site.kind),
        name,
        site.range.line,
        site.range.column,
        site.range.endLine,
        site.range.endColumn,
        site.declaration ? 1 : 0,
        site.rule,
      ],
      index * WIDTH,
    );
  });
  return { names, data };
}

export function unpackSites(packed: PackedSites): NameSite[] {
  const { names, data } = packed;
  const sites: NameSite[] = [];
  for (let at = 0; at < data.length; at += WIDTH) {
    sites.push({
      kind: KINDS[data[at]],
      name: names[data[at + 1]],
      range: { line: data[at + 2], column: data[at + 3], endLine: data[at + 4], endColumn: data[at + 5] },
      declaration: data[at + 6] === 1,
      rule: data[at + 7],
    });
  }
  return sites;
}
