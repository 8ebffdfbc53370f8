/**
 * The JSON Schema of the fact editor's content: the body of `POST /{sessionID}/inject`, an array of
 * `{subject, relationship, object, certainty}`, generated from the Decision API's zod schema of the
 * fact (`FactInputSchema`). With a local map's vocabulary it also checks the relationship names and
 * each relationship's object type, so mistakes show inline before "Inject".
 *
 * Relationship names are checked with `pattern` rather than `enum`: an enum would make the JSON
 * worker offer its own completions next to the vocabulary completions (see completions.ts).
 */
import { z } from 'zod';
import type { MapVocabulary, VocabularyRelationship } from '../../../electron/common/ipc';
import { FactInputSchema } from '../api/wire';

export type JsonSchema = Record<string, unknown>;

export const INJECT_SCHEMA_URI = 'lapwing://schemas/inject.json';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function objectSchemaFor(relationship: VocabularyRelationship, vocabulary: MapVocabulary): JsonSchema {
  switch (relationship.objectType) {
    case 'number':
      return { type: 'number', description: `${relationship.objectConcept} (a number)` };
    case 'truth':
      return { type: 'boolean', description: `${relationship.objectConcept} (true or false)` };
    case 'date':
      return {
        type: ['string', 'number'],
        pattern: '^\\d{4}-\\d{2}-\\d{2}',
        patternErrorMessage: 'A date is written YYYY-MM-DD (or given as epoch milliseconds).',
        description: `${relationship.objectConcept} (a date)`,
      };
    default: {
      const concept = vocabulary.concepts.find((entry) => entry.name === relationship.objectConcept);
      if (!relationship.canAddObject && concept && concept.instances.length > 0) {
        return {
          type: 'string',
          pattern: `^(${concept.instances.map(escapeRegExp).join('|')})$`,
          patternErrorMessage: `Not an instance of ${concept.name}: this relationship takes only the map's instances.`,
        };
      }
      return { type: 'string', minLength: 1, description: relationship.objectConcept };
    }
  }
}

interface FactsSchema extends JsonSchema {
  items: JsonSchema & { properties: Record<string, JsonSchema> };
}

/** The schema for the editor; `vocabulary` is null for remote maps (structure only). */
export function injectSchema(vocabulary: MapVocabulary | null): JsonSchema {
  // Monaco's JSON worker speaks draft-07; the output side is what the contract receives (certainty required, 100 by default).
  const schema = z.toJSONSchema(z.array(FactInputSchema), { target: 'draft-7', io: 'output' }) as FactsSchema;
  const relationship = schema.items.properties.relationship;
  const conditional: JsonSchema[] = [];
  if (vocabulary && vocabulary.relationships.length > 0) {
    relationship.pattern = `^(${vocabulary.relationships.map((rel) => escapeRegExp(rel.name)).join('|')})$`;
    relationship.patternErrorMessage = 'Unknown relationship: not in this map (names are case-sensitive).';
    for (const rel of vocabulary.relationships) {
      conditional.push({
        if: { properties: { relationship: { const: rel.name } }, required: ['relationship'] },
        then: { properties: { object: objectSchemaFor(rel, vocabulary) } },
      });
    }
  }
  return { ...schema, title: 'Facts to inject', items: { ...schema.items, ...(conditional.length > 0 ? { allOf: conditional } : {}) } };
}
