/**
 * A saxes parser whose event-handler slots exist from construction, and whose problems reach
 * {@link SaxParser.problem} as plain messages.
 *
 * saxes stores each handler given to `on()` as a property named by a computed key. V8 allows only a
 * few such properties to be added to an object after it is built before it turns the object into a
 * slow dictionary; with the eleven handlers the loader needs, every field access in saxes's inner
 * loop became a hash lookup and the parse ran about 6x slower than a bare one. Creating the slots in
 * the constructor (named stores) keeps the parser a fast object.
 *
 * saxes reports each problem as a new `Error` with a stack trace and a `line:column` prefix, which
 * cost a quarter of loading a map with dozens of XML errors; the loader wants only the words (it
 * knows the position), so {@link SaxParser.fail} hands them over without making an error.
 */
import { SaxesParser } from 'saxes';

type Options = { xmlns: false; position: true };

export class SaxParser extends SaxesParser<Options> {
  /** Receives each problem's message (without a position); without it, problems go to the `error` handler. */
  problem: ((message: string) => void) | undefined = undefined;

  constructor() {
    super({ xmlns: false, position: true });
    const slots = this as unknown as Record<string, unknown>;
    slots.xmldeclHandler = undefined;
    slots.textHandler = undefined;
    slots.piHandler = undefined;
    slots.doctypeHandler = undefined;
    slots.commentHandler = undefined;
    slots.openTagStartHandler = undefined;
    slots.attributeHandler = undefined;
    slots.openTagHandler = undefined;
    slots.closeTagHandler = undefined;
    slots.cdataHandler = undefined;
    slots.errorHandler = undefined;
    slots.endHandler = undefined;
    slots.readyHandler = undefined;
  }

  override fail(message: string): this {
    const problem = this.problem;
    if (problem === undefined) return super.fail(message);
    problem(message);
    return this;
  }
}
