#!/usr/bin/env node
// The `lapwing` command: runs the TypeScript CLI through tsx (no build step needed).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
