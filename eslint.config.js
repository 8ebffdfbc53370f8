// Lint: TypeScript-aware rules plus the import fences (fences.config.js) that keep the architecture honest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import unicorn from 'eslint-plugin-unicorn';
import fences from './fences.config.js';

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
  {
    // One file-name style: modules in kebab-case, Vue components in PascalCase (Vue's style guide).
    files: ['**/*.ts', '**/*.mts', '**/*.mjs', '**/*.js', '**/*.cjs'],
    plugins: { unicorn },
    rules: { 'unicorn/filename-case': ['error', { case: 'kebabCase' }] },
  },
  {
    files: ['**/*.vue'],
    plugins: { unicorn },
    rules: { 'unicorn/filename-case': ['error', { case: 'pascalCase' }] },
  },
  ...fences,
  // Layout is Prettier's (npm run format): the stylistic rules of the configs above are turned off.
  prettier,
);
