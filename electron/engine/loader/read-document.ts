/**
 * First pass: every direct child of the root through its element handler, in document order.
 */
import type { LoadContext } from './context';
import type { MapDraft } from './drafts';
import { readConcept } from './elements/concept';
import { readImport, reportCompound } from './elements/import';
import { readInstance } from './elements/instance';
import { readRelationship } from './elements/relationship';
import { readRelinst } from './elements/relinst';
import type { XmlElement } from './xml-reader';

/** Drafts of every root child, in document order; problems with single elements are reported on the way. */
export function readDocument(context: LoadContext, root: XmlElement): MapDraft {
  const draft: MapDraft = { concepts: [], instances: [], relationships: [], facts: [], rules: [], imports: [] };
  let ruleOrdinal = 0;
  const nextRuleOrdinal = () => ++ruleOrdinal;
  for (const element of root.children) {
    switch (element.localName) {
      case 'concept': {
        const concept = readConcept(context, element);
        if (concept !== undefined) draft.concepts.push(concept);
        break;
      }
      case 'concinst': {
        const instance = readInstance(context, element);
        if (instance !== undefined) draft.instances.push(instance);
        break;
      }
      case 'rel': {
        const relationship = readRelationship(context, element);
        if (relationship !== undefined) draft.relationships.push(relationship);
        break;
      }
      case 'relinst': {
        const relinst = readRelinst(context, element, nextRuleOrdinal);
        if (relinst === undefined) break;
        if ('conditions' in relinst) draft.rules.push(relinst);
        else draft.facts.push(relinst);
        break;
      }
      case 'import': {
        const mapImport = readImport(context, element);
        if (mapImport !== undefined) draft.imports.push(mapImport);
        break;
      }
      case 'compound':
        reportCompound(context, element);
        break;
      default:
        // Unknown and misplaced elements were reported by the structure check.
        break;
    }
  }
  return draft;
}
