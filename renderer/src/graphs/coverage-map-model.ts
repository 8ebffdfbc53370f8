/**
 * A map with a run's coverage drawn on it, as cytoscape elements. Concepts are nodes; each
 * relationship is a node between its concepts (subject concept → relationship → object concept),
 * so rules can attach to it: condition relationships → rule → the relationship it concludes (an
 * edge cannot end on an edge in cytoscape, so relationships cannot be plain edges). Classes carry
 * coverage (`exercised` / `unexercised`, `asked` for questions); `details` say the same in words
 * for the side panel and screen readers. Pure, so it is tested without a canvas.
 */
import type { ElementDefinition } from 'cytoscape';
import type { CoverageAttribution } from '../../../electron/cases/core';
import { questionKey } from '../../../electron/cases/core';
import type { Coverage } from '../../../electron/cases/core';
import type { MapRule, MapVocabulary } from '../../../electron/common/ipc';

type CoverageNodeKind = 'concept' | 'relationship' | 'rule';

interface CoverageNodeDetails {
  readonly id: string;
  readonly kind: CoverageNodeKind;
  readonly label: string;
  /** The concept's, relationship's or rule's own name (the label says more). */
  readonly name: string;
  /** Undefined for concepts, which coverage does not count. */
  readonly exercised?: boolean;
  /** What the run did with it, one line each (uses, times fired, questions asked and options answered). */
  readonly lines: readonly string[];
  /** Names of the cases that exercised it. */
  readonly cases: readonly string[];
}

interface CoverageGraph {
  readonly elements: readonly ElementDefinition[];
  readonly details: ReadonlyMap<string, CoverageNodeDetails>;
  /** Layer of each node for the layered layout: concepts -1, inputs 0, each rule below its conditions. */
  readonly levels: ReadonlyMap<string, number>;
}

export interface CoverageMapInput {
  readonly vocabulary: MapVocabulary;
  readonly rules: readonly MapRule[];
}

const conceptId = (name: string) => `concept:${name}`;
const relationshipId = (name: string) => `rel:${name.trim().toLowerCase()}`;
const ruleId = (id: string) => `rule:${id}`;

const FORM_NAMES: Readonly<Record<string, string>> = {
  'first-form': 'yes/no',
  'second-form-object': 'object',
  'second-form-subject': 'subject',
};

/** Rule and relationship layers: a rule one below its lowest condition, a concluded relationship one below its rules. */
function levelsOf(relationships: readonly string[], rules: readonly MapRule[]): Map<string, number> {
  const level = new Map<string, number>(relationships.map((name) => [relationshipId(name), 0]));
  for (const rule of rules) level.set(ruleId(rule.id), 1);
  // Relaxation, bounded: recursive rules (a cycle) stop growing after as many passes as there are rules.
  for (let pass = 0; pass <= rules.length; pass += 1) {
    let changed = false;
    for (const rule of rules) {
      const id = ruleId(rule.id);
      const below = Math.max(0, ...rule.conditions.map((name) => level.get(relationshipId(name)) ?? 0)) + 1;
      if (below > (level.get(id) ?? 0)) {
        level.set(id, below);
        changed = true;
      }
      const concluded = relationshipId(rule.relationship);
      if (level.has(concluded) && (level.get(concluded) ?? 0) < below + 1) {
        level.set(concluded, below + 1);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return level;
}

export function coverageGraphOf(map: CoverageMapInput, coverage: Coverage, exercisedBy: CoverageAttribution): CoverageGraph {
  const elements: ElementDefinition[] = [];
  const details = new Map<string, CoverageNodeDetails>();
  const relationshipCoverage = new Map(coverage.relationships.map((item) => [relationshipId(item.name), item]));
  const ruleCoverage = new Map(coverage.rules.map((item) => [item.id, item]));
  const questionsOf = new Map<string, Coverage['questions'][number][]>();
  for (const question of coverage.questions) {
    const key = relationshipId(question.relationship);
    questionsOf.set(key, [...(questionsOf.get(key) ?? []), question]);
  }

  const concepts = new Set(map.vocabulary.concepts.map((concept) => concept.name));
  for (const relationship of map.vocabulary.relationships) {
    concepts.add(relationship.subjectConcept);
    concepts.add(relationship.objectConcept);
  }
  for (const name of [...concepts].sort((a, b) => a.localeCompare(b))) {
    const id = conceptId(name);
    elements.push({ group: 'nodes', data: { id, label: name, kind: 'concept' }, classes: 'concept' });
    details.set(id, { id, kind: 'concept', label: name, name, lines: ['A concept: relationships link its instances.'], cases: [] });
  }

  for (const relationship of map.vocabulary.relationships) {
    const id = relationshipId(relationship.name);
    const used = relationshipCoverage.get(id);
    const exercised = (used?.uses.length ?? 0) > 0;
    const questions = questionsOf.get(id) ?? [];
    const askedCount = questions.filter((question) => question.asked > 0).length;
    const classes = ['relationship', exercised ? 'exercised' : 'unexercised'];
    if (questions.length > 0) classes.push('askable', askedCount > 0 ? 'asked' : 'not-asked');
    const questionBadge = questions.length > 0 ? `\n? ${askedCount}/${questions.length} asked` : '';
    elements.push({
      group: 'nodes',
      data: { id, label: `${relationship.name}${questionBadge}`, kind: 'relationship', name: relationship.name },
      classes: classes.join(' '),
    });
    const cases = new Set(exercisedBy.relationships[used?.name ?? relationship.name] ?? []);
    for (const question of questions)
      for (const name of exercisedBy.questions[questionKey(question.relationship, question.form)] ?? []) cases.add(name);
    details.set(id, {
      id,
      kind: 'relationship',
      name: relationship.name,
      label: `${relationship.subjectConcept} · ${relationship.name} · ${relationship.objectConcept}`,
      exercised,
      lines: [
        exercised ? `Used as: ${used?.uses.join(', ')}` : 'Not used by any case',
        ...questions.map(
          (question) =>
            `Question (${FORM_NAMES[question.form] ?? question.form}): asked ${question.asked}×` +
            (question.options.length > 0
              ? `, options answered ${question.answered.length}/${question.options.length}${question.answered.length ? ` (${question.answered.join(', ')})` : ''}`
              : ''),
        ),
      ],
      cases: [...cases],
    });
    elements.push({
      group: 'edges',
      data: { id: `subject:${id}`, source: conceptId(relationship.subjectConcept), target: id, role: 'subject' },
      classes: 'role',
    });
    elements.push({
      group: 'edges',
      data: { id: `object:${id}`, source: id, target: conceptId(relationship.objectConcept), role: 'object' },
      classes: 'role',
    });
  }

  const known = new Set(elements.map((element) => element.data.id));
  for (const rule of map.rules) {
    const id = ruleId(rule.id);
    const fired = ruleCoverage.get(rule.id)?.fired ?? 0;
    const state = fired > 0 ? 'exercised' : 'unexercised';
    elements.push({ group: 'nodes', data: { id, label: rule.id, kind: 'rule', name: rule.id }, classes: `rule ${state}` });
    details.set(id, {
      id,
      kind: 'rule',
      name: rule.id,
      label: `Rule ${rule.id} (line ${rule.line}) concludes ${rule.relationship}`,
      exercised: fired > 0,
      lines: [
        fired > 0 ? `Fired in ${fired} evidence record${fired === 1 ? '' : 's'}` : 'Never fired',
        `Conditions on: ${rule.conditions.join(', ') || 'expressions only'}`,
      ],
      cases: [...(exercisedBy.rules[rule.id] ?? [])],
    });
    for (const condition of rule.conditions) {
      const source = relationshipId(condition);
      if (known.has(source))
        elements.push({ group: 'edges', data: { id: `condition:${id}:${source}`, source, target: id }, classes: `condition ${state}` });
    }
    const concluded = relationshipId(rule.relationship);
    if (known.has(concluded))
      elements.push({ group: 'edges', data: { id: `conclusion:${id}`, source: id, target: concluded }, classes: `conclusion ${state}` });
  }

  const levels = levelsOf(
    map.vocabulary.relationships.map((relationship) => relationship.name),
    map.rules,
  );
  for (const name of concepts) levels.set(conceptId(name), -1);
  return { elements, details, levels };
}
