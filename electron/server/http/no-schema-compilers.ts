/**
 * Fastify loads its JSON-schema compilers (ajv with its formats, fast-json-stringify: some 250
 * modules) when an app is created unless given its own: a sizeable part of starting the embedded
 * engine behind the workbench's first screen, and of `lapwing serve`. No route here has a fastify
 * schema (bodies are checked with zod, replies are written as JSON), so none is ever compiled; one
 * added by mistake fails at start-up with this message instead.
 */
export const NO_SCHEMA_COMPILERS = {
  buildValidator: () => {
    throw new Error('the Decision API validates requests with zod: fastify route schemas are not supported here');
  },
  buildSerializer: () => {
    throw new Error('the Decision API writes JSON itself: fastify response schemas are not supported here');
  },
};
