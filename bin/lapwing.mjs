#!/usr/bin/env node
// The `lapwing` command: the build in out/cli while it is up to date, else the TypeScript CLI
// through tsx (no build step needed); see built-cli.mjs.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtCli } from './built-cli.mjs';

const built = builtCli(fileURLToPath(new URL('..', import.meta.url)));
let cli;
if (built) {
  cli = await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../electron/cli/index.ts');
}
process.exitCode = await cli.main(process.argv.slice(2));
