/**
 * The declared names of a map while it is being resolved, and how references to them are checked.
 */
import type { Concept, DataType, Instance, Relationship, Rule, Term } from '../../model/types';
import { Code } from '../diagnostics';
import type { DiagnosticCode } from '../diagnostics';
import type { LoadContext } from '../context';
import type { ConceptDraft, RelationshipDraft, RuleDraft, Written } from '../drafts';
import { convertLiteral, isVariableText, unquote, variableTerm } from '../literals';
import { didYouMean } from '../names';
import type { About } from '../elements/about';

/** Name tables shared by the resolution steps, and the checks every reference goes through. */
export class Scope {
  /** Concept drafts that made it into the model (first declaration wins). Datasources are attached last. */
  readonly concepts = new Map<string, Omit<Concept, 'datasources'>>();
  readonly instances = new Map<string, Map<string, Instance>>();
  readonly relationships = new Map<string, Relationship>();
  /** Relationships declared but left out of the model (their problem is reported once, at the declaration). */
  readonly unusableRelationships = new Set<string>();
  /** The declaration each concept and relationship in the model came from. */
  readonly conceptDrafts = new Map<string, ConceptDraft>();
  readonly relationshipDrafts = new Map<string, RelationshipDraft>();
  /** The rule element each rule in the model came from. */
  readonly ruleDrafts = new Map<Rule, RuleDraft>();

  constructor(
    readonly context: LoadContext,
    /** With imports, an undeclared name may come from another map: reported as a warning. */
    readonly hasImports: boolean,
  ) {}

  typeOf(concept: string): DataType {
    return this.concepts.get(concept)?.type ?? 'string';
  }

  /** Report a reference to an undeclared name; `severity` applies when the map imports nothing. */
  undeclared(
    kind: 'concept' | 'relationship' | 'instance',
    name: string,
    message: string,
    offset: number,
    severity: 'error' | 'warning',
    candidates: Iterable<string>,
  ): void {
    const code: DiagnosticCode =
      kind === 'concept' ? Code.undeclaredConcept : kind === 'relationship' ? Code.undeclaredRelationship : Code.undeclaredInstance;
    const text = `${message}${didYouMean(name, candidates)}${this.hasImports && kind !== 'instance' ? '; it may be declared in an imported map' : ''}`;
    if (severity === 'error' && !(this.hasImports && kind !== 'instance')) this.context.sink.error(code, text, offset);
    else this.context.sink.warning(code, text, offset);
  }

  /**
   * The relationship named by `written`, or undefined. Undeclared names are reported (unless the
   * relationship was declared but unusable, which is reported at its declaration) in the words of
   * `describe(name, about)`. A module-level function and its `about`, not a closure: a closure that
   * captures makes V8 allocate the caller's variables on every call, reported or not.
   */
  relationship<A extends About>(
    written: Written,
    severity: 'error' | 'warning',
    describe: (name: string, about: A) => string,
    about: A,
  ): Relationship | undefined {
    const found = this.relationships.get(written.value);
    if (found !== undefined || this.unusableRelationships.has(written.value)) return found;
    this.undeclared('relationship', written.value, describe(written.value, about), written.offset, severity, this.relationships.keys());
    return undefined;
  }

  /**
   * A written rule or condition end as a term: `%NAME` is a variable; anything else a literal of
   * `type` (with one pair of single quotes removed when `quoted` is allowed). Undefined when it
   * cannot be read (reported as an error, which says it is `end` of `relationship`, or the object of
   * a fact of it when `end` is undefined: the words are made only then).
   */
  term(
    written: Written,
    type: DataType,
    about: About,
    end: 'subject' | 'object' | undefined,
    relationship: string,
    quoted: boolean,
  ): Term | undefined {
    if (isVariableText(written.value)) {
      const variable = variableTerm(written.value);
      if (variable === undefined) {
        this.context.sink.error(
          Code.invalidVariable,
          `${about}: "${written.value}" is not a valid variable; write % then a letter, then letters, digits or underscores`,
          written.offset,
        );
      }
      return variable;
    }
    const text = quoted ? unquote(written.value) : written.value;
    const converted = convertLiteral(text, type);
    if (converted.ok) return { kind: 'literal', value: converted.value };
    const expectation = end === undefined ? `relationship '${relationship}'` : `the ${end} of '${relationship}'`;
    this.context.sink.error(Code.typedLiteral, `${about}: ${expectation} expects ${converted.message}`, written.offset);
    return undefined;
  }
}
