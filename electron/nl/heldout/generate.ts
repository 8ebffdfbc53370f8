/**
 * The held-out corpus: every family of `families.ts` applied to every relationship of the maps in
 * `heldout/maps/` (maps the reader's code never names). Nothing here is tuned to the reader: the
 * expected readings follow from the templates alone.
 */
import type { KnowledgeMap } from '../../engine';
import type { CorpusCase } from '../test-support/corpus';
import { FAMILIES, type Slot } from './families';
import { grammarOf } from './grammar';

/**
 * `tuning`: the generated maps the reader was improved against (part of the development figure);
 * `held-out`: maps written after that work and measured, not tuned to (the figure README quotes).
 */
export type GeneratedSet = 'tuning' | 'held-out';

export interface HeldOutCase extends CorpusCase {
  readonly family: string;
}

function slotsOf(map: KnowledgeMap): Slot[] {
  const slots: Slot[] = [];
  for (const relationship of map.relationships.values()) {
    const subjects = [...(map.instances.get(relationship.subject)?.keys() ?? [])];
    const objects = [...(map.instances.get(relationship.object)?.keys() ?? [])];
    const type = map.concepts.get(relationship.object)?.type ?? 'string';
    // Two subjects per relationship (the first and the last instance), the last object instance.
    for (const subject of new Set([subjects[0], subjects[subjects.length - 1]])) {
      if (subject === undefined) continue;
      slots.push({
        map,
        relationship,
        grammar: grammarOf(relationship.name),
        type,
        subject,
        ...(objects.length > 0 ? { object: objects[objects.length - 1] } : {}),
        subjectNoun: relationship.subject.toLowerCase(),
        objectNoun: relationship.object.toLowerCase(),
        inferred: (map.rulesByRelationship.get(relationship.name) ?? []).length > 0,
      });
    }
  }
  return slots;
}

/** The held-out cases of one map, family by family. */
export function heldOutCases(map: KnowledgeMap): HeldOutCase[] {
  const slots = slotsOf(map);
  const seen = new Set<string>();
  const cases: HeldOutCase[] = [];
  for (const family of FAMILIES) {
    for (const slot of slots) {
      for (const generated of family.generate(slot, slots)) {
        if (seen.has(generated.prompt)) continue;
        seen.add(generated.prompt);
        cases.push({ prompt: generated.prompt, expect: generated.expect, family: generated.family });
      }
    }
  }
  return cases;
}
