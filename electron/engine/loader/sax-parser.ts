/**
 * A saxes parser whose event-handler slots exist from construction.
 *
 * saxes stores each handler given to `on()` as a property named by a computed key. V8 allows only a
 * few such properties to be added to an object after it is built before it turns the object into a
 * slow dictionary; with the eleven handlers the loader needs, every field access in saxes's inner
 * loop became a hash lookup and the parse ran about 6x slower than a bare one. Creating the slots in
 * the constructor (named stores) keeps the parser a fast object.
 */
import { SaxesParser } from 'saxes';

type Options = { xmlns: false; position: true };

export class SaxParser extends SaxesParser<Options> {
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
}
