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
  const reader = new DocumentReader(context);
  for (const element of root.children) reader.read(element);
  return reader.draft;
}

/** Drafts root children given one at a time, in document order (the loader gives each as the fast reader finishes it). */
export class DocumentReader {
  readonly draft: MapDraft = { concepts: [], instances: [], relationships: [], facts: [], rules: [], imports: [] };
  private ruleOrdinal = 0;
  private readonly nextRuleOrdinal = (): number => ++this.ruleOrdinal;

  constructor(private readonly context: LoadContext) {}

  /** Drafts one child of the root into {@link draft}. */
  read(element: XmlElement): void {
    const { context, draft } = this;
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
        const relinst = readRelinst(context, element, this.nextRuleOrdinal);
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
}
