// Lint: TypeScript-aware rules plus import fences that keep the architecture honest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os', 'crypto', 'worker_threads'];

/** What no renderer file imports: Node services, Electron and Node APIs. */
const rendererNever = ['**/electron/server/**', '**/electron/client/**', '**/electron/store/**', '**/electron/keychain/**', '**/electron/workbench/**', '**/electron/host/**', '**/electron/main/**', '**/electron/cli/**', 'electron', 'better-sqlite3', 'fastify', ...nodeBuiltins];

/** Forbid imports matching `groups` for files matching `files`. */
function fence(files, groups, message) {
  // `electron` means the npm module only: as a gitignore-style group it would also match any path
  // through our own electron/ folder (e.g. the renderer's allowed `../../electron/common/ipc`).
  const pattern = (group) => (group === 'electron' ? { regex: '^electron(/|$)', message } : { group: [group], message });
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: groups.map(pattern) }],
    },
  };
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    // Plain JavaScript entry points and scripts run on Node.
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    // TypeScript (vue-tsc) already reports undefined names, with the DOM lib; typescript-eslint turns
    // no-undef off for .ts files for the same reason, but its override does not cover .vue files.
    rules: { 'no-undef': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  fence(['electron/common/**'], ['**/engine/**', '**/server/**', '**/client/**', '**/store/**', '**/keychain/**', '**/workbench/**', '**/host/**', '**/main/**', '**/preload/**', '**/cli/**', '**/renderer/**', 'electron', 'fastify', ...nodeBuiltins], 'common/ is pure: it imports nothing of ours and no Node or Electron API.'),
  fence(['electron/engine/**'], ['**/server/**', '**/client/**', '**/store/**', '**/keychain/**', '**/workbench/**', '**/host/**', '**/main/**', '**/preload/**', '**/cli/**', '**/renderer/**', 'electron', 'fastify', 'better-sqlite3', ...nodeBuiltins], 'The engine is pure TypeScript: it imports only common/ (no Electron, HTTP or Node I/O).'),
  {
    // Engine tests may read fixture files from disk; the engine itself may not.
    files: ['electron/engine/**/*.test.ts', 'electron/engine/**/test-support/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The case model, matching, importers, comparison and coverage are pure: the renderer's
    // contract types and the HTML report build on them (tests may read fixtures).
    ...fence(['electron/cases/{model,match,import,compare,coverage,logs,report}/**'], ['**/server/**', '**/store/**', '**/cli/**', '**/workbench/**', '**/renderer/**', 'electron', 'better-sqlite3', 'fastify', ...nodeBuiltins], 'electron/cases model, matching, importers, comparison, coverage, logs and reports are pure (no Node I/O, no server or store).'),
    ignores: ['**/*.test.ts'],
  },
  fence(['electron/nl/**'], ['**/server/**', '**/client/**', '**/store/**', '**/keychain/**', '**/workbench/**', '**/host/**', '**/main/**', '**/preload/**', '**/cli/**', '**/renderer/**', 'electron', 'fastify', 'better-sqlite3', ...nodeBuiltins], 'electron/nl is pure TypeScript over the engine and common/ (the provider uses the global fetch).'),
  {
    // The corpus and its tests read maps and prompts from disk; the reader itself may not.
    files: ['electron/nl/**/*.test.ts', 'electron/nl/**/test-support/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  fence(['electron/server/**', 'electron/client/**', 'electron/store/**', 'electron/keychain/**', 'electron/workbench/**', 'electron/host/**', 'electron/cli/**'], ['**/renderer/**', 'electron'], 'Node services never import the renderer or Electron; only electron/main and electron/preload do.'),
  {
    ...fence(['renderer/**'], ['**/electron/engine', '**/electron/engine/**', ...rendererNever], 'The renderer imports only electron/common (types and schemas) and reaches Node code through the host API.'),
    ignores: ['renderer/src/editor/rblang/**'],
  },
  // The map editor's language modules and diagnostics worker load maps with the engine (a pure
  // domain core, importable where needed), through its front door only.
  fence(['renderer/src/editor/rblang/**'], ['**/electron/engine/**', ...rendererNever], 'The map editor may import the engine only through its front door (electron/engine), and otherwise only electron/common.'),
);
