/** The words of one knowledge map, prepared for reading prompts (built once per loaded map). */
import type { KnowledgeMap, Relationship } from '../../engine';
import type { InstanceIndex } from './instances';

/**
 * One way a relationship name can appear in a prompt.
 * - `full`: the whole name in some tense ("lives in", "lived in", "is aged");
 * - `split`: the name without its leading auxiliary, which moved to the front of a question
 *   ("Is Ada *aged* 30?", "Has Ada *lived in* Spain?"); valid only when that auxiliary is there;
 * - `bare`: the name without its trailing preposition ("Where does Ada *live*?");
 * - `noun`: a name that is a noun phrase ("the *national language* of Spain").
 */
export interface SurfaceForm {
  readonly words: readonly string[];
  readonly kind: 'full' | 'split' | 'bare' | 'noun';
  /** For `split` (and `bare` forms of auxiliary-led names): the auxiliary the prompt must contain. */
  readonly requiresAux?: 'be' | 'have' | 'modal';
  /**
   * The other direction of the verb: the prompt's subject is the relationship's object ("Does Rita
   * *coach* Kai?" for "is coached by", "Is Dental *covered by* Gold?" for "covers").
   */
  readonly reversed?: boolean;
  /**
   * A `noun` form taken from the name of the relationship's object concept or the head of its
   * name, not from its whole name ("Biscuit's *diet*" for "feeding plan" to a diet, "Marisol's
   * *budget*" for "yearly budget"): used only where no form of a relationship's own name occurs in
   * that part of the sentence.
   */
  readonly fromConcept?: boolean;
  /**
   * A form the map does not spell out, derived from its name by English word formation
   * (`morphology`: "the cost of X" for "costs", "planting season" for "is planted in") or a general
   * synonym (`synonym`: "price" for "charge"); see `derived-forms.ts`. Used only where no form of a
   * relationship's own name occurs in that part of the sentence, or where it overlaps one.
   */
  readonly derived?: 'morphology' | 'synonym';
  /** A period said after the subject ("How much is the Pro plan *per month*?" for "monthly fee"). */
  readonly trailing?: boolean;
  /** Said only in a question: a statement must name the relationship more fully ("The Owlets' *deposit*?" for "deposit paid"). */
  readonly askOnly?: boolean;
}

/** A word of a question template: literal text or the `%S` / `%O` slot. */
export type TemplateWord = { readonly literal: string } | { readonly slot: 'S' | 'O' };

/** A question form of the map read backwards: "Does %S live in %O?" extracts S and O. */
export interface QuestionTemplate {
  readonly form: 'firstForm' | 'secondFormObject' | 'secondFormSubject';
  readonly words: readonly TemplateWord[];
}

export interface RelationshipEntry {
  readonly relationship: Relationship;
  readonly forms: readonly SurfaceForm[];
  readonly templates: readonly QuestionTemplate[];
  /** True when the name reads as a noun phrase ("national language"), not a verb phrase. */
  readonly nounLike: boolean;
}

export interface Vocabulary {
  readonly map: KnowledgeMap;
  readonly relationships: readonly RelationshipEntry[];
  readonly instances: InstanceIndex;
  /** Concept name words and their plurals ("country", "countries") → concept name. */
  readonly conceptWords: ReadonlyMap<string, string>;
  /** Every word the map uses in relationship names, question forms and concept names. */
  readonly mapWords: ReadonlySet<string>;
}
