/**
 * The OpenAPI 3.1 document served at `/openapi.json`: every path of the platform's interface
 * (v1.2.0) plus the map endpoints, with bodies and replies taken from the shared zod schemas
 * (`components.ts`) and the error replies the server actually sends.
 */
import { ENGINE_VERSION } from '../version';
import { componentSchemas, ref, type ComponentName } from './components';

type Json = Record<string, unknown>;

const json = (schema: Json): Json => ({ 'application/json': { schema } });
const text = (example: string): Json => ({ 'text/plain': { schema: { type: 'string' }, example } });

function param(
  name: string,
  location: 'path' | 'query' | 'header',
  schema: Json,
  description: string,
  required = location === 'path',
): Json {
  return { name, in: location, required, schema, description };
}

const sessionID = param('sessionID', 'path', { type: 'string' }, 'The session ID returned by start.');
const versionHeader = param('Version', 'header', { type: 'string', default: 'v1' }, 'Version of the API; only `v1` exists.', true);

const validation = {
  description: 'Invalid request: one message per problem, each naming its field.',
  content: json(ref('ValidationError')),
};
const failure = (description: string): Json => ({ description, content: json(ref('Error')) });
const unauthorized = failure('Missing or invalid API key.');
const sessionGone = failure(
  '`{"error":"Session ID not found"}`: unknown session, or (for core calls) idle longer than the session lifetime.',
);
const tooLarge = failure('The body is larger than the configured limit.');

function consultation(name: string, summary: string, body: ComponentName | null, description: string): Json {
  return {
    post: {
      operationId: name,
      summary,
      description,
      tags: ['Decisions'],
      security: [{}],
      parameters: [sessionID],
      ...(body
        ? { requestBody: { required: true, content: json(ref(body)) } }
        : { requestBody: { required: false, content: json({ type: 'object' }) } }),
      responses: {
        200: { description: 'A question or the result.', content: json({ oneOf: [ref('QuestionResponse'), ref('ResultResponse')] }) },
        400: validation,
        404: sessionGone,
        413: tooLarge,
      },
    },
  };
}

function evidence(withSession: boolean): Json {
  return {
    get: {
      operationId: withSession ? 'evidence' : 'evidenceLegacy',
      summary: withSession ? 'Evidence for a fact of a session' : 'Evidence for a fact (legacy form, looked up among recent sessions)',
      tags: ['Evidence'],
      security: [{}, { evidenceKey: [] }],
      parameters: [param('factID', 'path', { type: 'string' }, 'The fact ID, e.g. from a result.'), ...(withSession ? [sessionID] : [])],
      responses: {
        200: { description: 'The evidence record.', content: json(ref('EvidenceRecord')) },
        401: failure('Evidence of this map is secured and no valid `x-evidence-key` was sent.'),
        404: failure('Unknown session or fact.'),
      },
    },
  };
}

function paths(): Json {
  return {
    '/start/{kmID}': {
      get: {
        operationId: 'start',
        summary: 'Start a session',
        description: 'Uses the live version, or the draft when no version is live; `useDraft` or `version` override (not both).',
        tags: ['Decisions'],
        security: [{ apiKey: [] }, { basicAuth: [] }],
        parameters: [
          param('kmID', 'path', { type: 'string' }, 'The knowledge map ID (GUID).'),
          param('useDraft', 'query', { type: 'boolean' }, 'Use the draft; not with `version`.'),
          param('version', 'query', { type: 'integer', minimum: 1 }, 'Use this version; not with `useDraft`.'),
          param('contextid', 'query', { type: 'string' }, 'Context for shared facts (also spelled `contextId`).'),
          param('contextId', 'query', { type: 'string' }, 'Same as `contextid`.'),
        ],
        responses: {
          200: { description: 'The new session.', content: json(ref('StartResponse')) },
          400: {
            description: '`Bad request!` (text) for an unknown map; `{"err":[...]}` for bad options.',
            content: { ...json(ref('ValidationError')), ...text('Bad request!') },
          },
          401: unauthorized,
          404: { description: 'The requested version does not exist.', content: text('Not Found') },
        },
      },
    },
    '/{sessionID}/inject': {
      post: {
        operationId: 'inject',
        summary: 'Inject facts',
        description:
          'A bare array of at most 250 facts; send larger sets in batches of 250. `cf` is read as `certainty`; without either, 100.',
        tags: ['Decisions'],
        security: [{}],
        parameters: [sessionID],
        requestBody: { required: true, content: json(ref('InjectRequest')) },
        responses: {
          200: { description: 'Injected.', content: json(ref('InjectResponse')) },
          400: validation,
          404: sessionGone,
          413: tooLarge,
        },
      },
    },
    '/{sessionID}/query': consultation(
      'query',
      'Query a relationship',
      'QueryRequest',
      'Give the subject, the object or both; `null` and `""` mean not given.',
    ),
    '/{sessionID}/response': consultation(
      'response',
      'Answer the pending question(s)',
      'ResponseRequest',
      'One answer per value; skip with `unanswered: true` when the question allows it (allowUnknown or knownAnswers).',
    ),
    '/{sessionID}/undo': consultation(
      'undo',
      'Undo the last answer batch',
      null,
      'The body is ignored (`{}` or `{"data":{}}`). With nothing left to undo, the same question is returned.',
    ),
    '/analysis/evidence/{factID}/{sessionID}': evidence(true),
    '/analysis/evidence/{factID}': evidence(false),
    '/version': {
      get: {
        operationId: 'version',
        summary: 'Engine version (semver, plain text)',
        tags: ['Platform'],
        security: [{}],
        responses: { 200: { description: 'The version.', content: text(ENGINE_VERSION) } },
      },
    },
    '/analysis/interactions/{sessionID}': {
      get: {
        operationId: 'interactions',
        summary: 'Interaction log',
        description:
          'Recorded only for sessions started while recording was on for the version. CSV columns: event, created, subject, relationship, object, certainty, prompt, details (JSON of the rest).',
        tags: ['Evidence'],
        security: [{}, { interactionKey: [] }],
        parameters: [
          sessionID,
          param('format', 'query', { type: 'string', enum: ['json', 'csv', 'JSON', 'CSV'] }, 'JSON (default) or CSV.'),
        ],
        responses: {
          200: {
            description: 'The log, oldest first.',
            content: { ...json({ type: 'array', items: ref('InteractionEntry') }), 'text/csv': { schema: { type: 'string' } } },
          },
          400: validation,
          401: failure('The log of this map is secured and no valid `x-interaction-key` was sent.'),
          404: sessionGone,
        },
      },
    },
    '/analysis/session/{sessionID}': {
      get: {
        operationId: 'session',
        summary: 'Session information',
        tags: ['Evidence'],
        security: [{ apiKey: [] }, { basicAuth: [] }],
        parameters: [
          sessionID,
          {
            ...param(
              'filter',
              'query',
              { type: 'array', items: { type: 'string', enum: ['version', 'facts'] }, default: ['version'] },
              'What to return.',
            ),
            style: 'form',
            explode: false,
          },
          {
            ...param(
              'relationships',
              'query',
              { type: 'array', items: { type: 'string' } },
              'Comma-separated relationships to filter facts by.',
            ),
            style: 'form',
            explode: false,
          },
        ],
        responses: {
          200: { description: 'Version data and/or facts.', content: json(ref('SessionInfo')) },
          400: validation,
          401: unauthorized,
          404: sessionGone,
        },
      },
    },
    '/nl/interact': {
      post: {
        operationId: 'interact',
        summary: 'Natural-language interaction (beta; not available in Lapwing yet)',
        tags: ['Decisions'],
        security: [{ apiKey: [] }],
        parameters: [versionHeader],
        requestBody: { required: true, content: json(ref('NLInteractRequest')) },
        responses: {
          200: { description: 'A question, a result or an error.', content: json(ref('NLInteractResponse')) },
          400: { description: 'Invalid request (error envelope).', content: json(ref('NLInteractResponse')) },
          401: unauthorized,
          404: { description: 'Session not found (code 28).', content: json(ref('NLInteractResponse')) },
          501: { description: 'Not available in Lapwing yet (code 501).', content: json(ref('NLInteractResponse')) },
        },
      },
    },
    '/nl/explain': {
      post: {
        operationId: 'explain',
        summary: 'Explain a fact in prose (beta; not available in Lapwing yet)',
        tags: ['Evidence'],
        security: [{ apiKey: [] }],
        parameters: [versionHeader],
        requestBody: { required: true, content: json(ref('NLExplainRequest')) },
        responses: {
          200: { description: 'The explanation.', content: json(ref('NLExplainResponse')) },
          400: { description: 'Invalid request (error envelope).', content: json(ref('NLExplainResponse')) },
          401: unauthorized,
          404: { description: 'Session not found (code 28).', content: json(ref('NLExplainResponse')) },
          501: { description: 'Not available in Lapwing yet (code 501).', content: json(ref('NLExplainResponse')) },
        },
      },
    },
    '/maps': {
      post: {
        operationId: 'createMap',
        summary: 'Add a knowledge map from its RBLang source',
        description: 'A map that does not load is refused with its diagnostics.',
        tags: ['Maps'],
        security: [{ apiKey: [] }, { basicAuth: [] }],
        parameters: [versionHeader],
        requestBody: { required: true, content: json(ref('CreateMapRequest')) },
        responses: {
          201: { description: 'Created.', content: json(ref('CreateMapResponse')) },
          400: validation,
          401: unauthorized,
          413: tooLarge,
        },
      },
    },
    '/analysis/file/{kmID}': {
      get: {
        operationId: 'mapFile',
        summary: "A map's RBLang source (the draft, or a version)",
        tags: ['Maps'],
        security: [{ apiKey: [] }, { basicAuth: [] }],
        parameters: [
          param('kmID', 'path', { type: 'string' }, 'The knowledge map ID.'),
          param('version', 'query', { type: 'integer', minimum: 1 }, 'A version number; the draft without it.'),
        ],
        responses: {
          200: { description: 'The source.', content: json(ref('MapFileResponse')) },
          400: validation,
          401: unauthorized,
          403: failure('`{"error":"NO_PERMISSION"}`: no API key.'),
          404: failure("`File not found` or `Can't find Version`."),
        },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        tags: ['Platform'],
        security: [{}],
        responses: { 200: { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) } },
      },
    },
  };
}

/** Builds the whole document (cheap, but the server builds it once). */
export function buildOpenApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lapwing Decision API',
      version: ENGINE_VERSION,
      description: 'The reasoning-engine Decision API (interface 1.2.0) served by Lapwing, plus the map endpoints.',
    },
    servers: [{ url: 'http://127.0.0.1:3100', description: 'Local (`lapwing serve`; the port is chosen at start)' }],
    tags: [{ name: 'Decisions' }, { name: 'Evidence' }, { name: 'Maps' }, { name: 'Platform' }],
    paths: paths(),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The user key.' },
        basicAuth: { type: 'http', scheme: 'basic', description: 'Legacy: the user key as the user name; the password is ignored.' },
        evidenceKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-evidence-key',
          description: "The map version's evidence key, for secured evidence.",
        },
        interactionKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-interaction-key',
          description: "The map version's interaction key, for secured logs.",
        },
      },
      schemas: componentSchemas(),
    },
  };
}
