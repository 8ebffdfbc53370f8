// The import fences, as allow-lists (eslint-plugin-boundaries). Every folder of ours is a room; a room
// lists the rooms and the npm packages it may import, and anything not listed is refused, so a new
// folder is closed to everyone until someone opens it here on purpose. A room reached from outside is
// entered through its front door, its `index.ts`; tests may also use another room's `test-support`.
import boundaries from 'eslint-plugin-boundaries';

/** The rooms, most specific first (the pure cases core is a room inside `electron/cases`). */
const ROOMS = [
  ['common', 'electron/common/*'], // decision-api and ipc: two rooms of one kind
  ['engine', 'electron/engine'],
  ['cases-core', 'electron/cases/core'],
  ['cases', 'electron/cases'],
  ['nl', 'electron/nl'],
  ['server', 'electron/server'],
  ['client', 'electron/client'],
  ['store', 'electron/store'],
  ['keychain', 'electron/keychain'],
  ['workbench', 'electron/workbench'],
  ['host', 'electron/host'],
  ['main', 'electron/main'],
  ['preload', 'electron/preload'],
  ['cli', 'electron/cli'],
  ['renderer', 'renderer'],
  ['bench', 'bench'],
  ['e2e', 'e2e'],
  ['scripts', 'scripts'],
  ['bin', 'bin'],
];

/** The pure cores, importable wherever they are needed: no I/O in them. */
const PURE = ['common', 'engine', 'cases-core'];

/**
 * What each room may import: rooms (through their front doors) and npm packages ('node:*' is Node's
 * own modules). Tests (`*.test.ts`, `test-support/`) may import any room and any package.
 */
const ALLOW = {
  // The IPC contract carries case documents, verdicts and comparisons: the pure cases core is its one import.
  common: { rooms: ['common', 'cases-core'], packages: ['zod'] },
  engine: { rooms: ['common'], packages: ['saxes', '@noble/hashes'] },
  'cases-core': { rooms: ['common', 'engine'], packages: ['zod'] },
  cases: { rooms: [...PURE, 'client'], packages: ['zod', 'csv-parse', 'node:*'] },
  nl: { rooms: ['common', 'engine'], packages: ['zod', 'double-metaphone'] },
  // tsx: the map-loading worker thread runs the TypeScript sources when the server runs from them (not built).
  server: { rooms: [...PURE, 'nl', 'store'], packages: ['fastify', 'csv-stringify', 'zod', 'tsx', 'node:*'] },
  client: { rooms: ['common'], packages: ['zod'] },
  store: { rooms: [...PURE, 'cases'], packages: ['better-sqlite3', 'pg', 'zod', 'node:*'] },
  keychain: { rooms: ['common'], packages: ['@napi-rs/keyring'] },
  workbench: { rooms: [...PURE, 'cases', 'client', 'keychain', 'nl', 'server', 'store'], packages: ['zod', 'node:*'] },
  host: { rooms: ['common', 'keychain', 'workbench'], packages: ['fastify', 'node:*'] },
  main: { rooms: ['common', 'host', 'workbench'], packages: ['electron', 'better-sqlite3', 'zod', 'node:*'] },
  preload: { rooms: ['common'], packages: ['electron'] },
  cli: { rooms: [...PURE, 'cases', 'client', 'host', 'keychain', 'server', 'store'], packages: ['commander', 'node:*'] },
  // The renderer reaches Node code only through the host API; the pure cores run in it (the map editor's loader in a worker).
  renderer: { rooms: PURE, packages: ['vue', 'pinia', 'monaco-editor', 'cytoscape', 'zod'] },
};
const TOOLS = ['bench', 'e2e', 'scripts', 'bin'];
const EVERYTHING = { rooms: ['*'], packages: ['*', 'node:*'] }; // the tools around the product: bench, e2e, scripts, bin

const roomsOf = (type) => ALLOW[type] ?? EVERYTHING;
const modules = (packages) =>
  packages.map((source) => {
    const origin = source.startsWith('node:') ? 'core' : 'external';
    return { module: source === '*' || source === 'node:*' ? { origin } : { origin, source } };
  });

const policies = [
  ...ROOMS.map(([type]) => ({
    from: { element: { type } },
    allow: { to: [{ element: { types: roomsOf(type).rooms } }, ...modules(roomsOf(type).packages)] },
  })),
  { from: { file: { categories: 'test' } }, allow: { to: [{ element: { types: '*' } }, ...modules(['*', 'node:*'])] } },
  // The front door: from outside a room, only its index.ts (Node's and npm's modules have no rooms).
  {
    disallow: { to: { element: { types: '*', fileInternalPath: '!index.ts' } } },
    message: 'a room is entered through its front door: import {{to.element.path}} (its index.ts), not {{to.element.filePath}}',
  },
  { allow: { dependency: { relationship: { to: 'internal' } } } },
  // The server's second door: the cluster supervisor, which \`lapwing serve --workers\` loads without the server.
  { from: { element: { type: 'cli' } }, allow: { to: { element: { type: 'server', fileInternalPath: 'cluster/index.ts' } } } },
  // And its third: where the data folder is (with an earlier registry adopted into it), which every registry command and the cluster's primary need without the server.
  { from: { element: { type: 'cli' } }, allow: { to: { element: { type: 'server', fileInternalPath: 'earlier-registry.ts' } } } },
  // Browser mode's host too: it serves the page before it loads the workbench, and needs only where the data is (no SQLite).
  { from: { element: { type: 'host' } }, allow: { to: { element: { type: 'server', fileInternalPath: 'data-folder.ts' } } } },
  // The IPC contract's and the Decision API's light doors: the transport's error codes and header names,
  // and the JSON depth check, without zod and every schema, which browser mode's host would otherwise load
  // before it serves the page (the workbench loads them behind it).
  {
    from: { element: { type: 'host' } },
    allow: { to: { element: { type: 'common', fileInternalPath: ['transport.ts', 'json-depth.ts'] } } },
  },
  // And its fourth: the PostgreSQL store, loaded only by `serve --store postgres://…` (and its benchmark).
  {
    from: { element: { types: ['cli', 'bench'] } },
    allow: { to: { element: { type: 'server', fileInternalPath: 'storage/postgres/index.ts' } } },
  },
  // The store's PostgreSQL door: only `serve --store postgres://…` loads the pg driver, never the workbench.
  { from: { element: { type: 'server' } }, allow: { to: { element: { type: 'store', fileInternalPath: 'postgres/index.ts' } } } },
  { from: [{ file: { categories: 'test' } }, { element: { types: TOOLS } }], allow: { to: { file: { categories: 'test-door' } } } },
  // The benchmarks drive the browser-mode host as the end-to-end specs do.
  { from: { element: { type: 'bench' } }, allow: { to: { element: { type: 'e2e', fileInternalPath: 'support/**' } } } },
  // And measure the built `lapwing` command, which they build when it is older than its sources (its tests check that choice).
  {
    from: [{ element: { type: 'bench' } }, { file: { categories: 'test' } }],
    allow: { to: { element: { type: 'bin', fileInternalPath: 'built-cli.mjs' } } },
  },
];

export default [
  {
    files: ['**/*.{ts,mts,js,mjs,vue}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.mts', '.vue', '.js', '.mjs', '.json'] } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [...ROOMS.map(([type, pattern]) => ({ type, pattern }))],
      'boundaries/files': [
        { category: 'test', pattern: ['**/*.test.ts', '**/test-support/**', '**/test-support.ts'] },
        { category: 'test-door', pattern: ['**/test-support/**', '**/test-support.ts'] },
      ],
      // The version comes from package.json (a JSON import, not a room).
      'boundaries/ignore': ['package.json'],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies }],
    },
  },
  {
    // A file of the product outside every room is a new folder no fence knows yet: name it in ROOMS first.
    files: ['electron/**', 'renderer/**'],
    rules: { 'boundaries/no-unknown-files': 'error' },
  },
];
