/**
 * Build of the `lapwing` command (`out/cli`), so it starts without compiling TypeScript on the fly.
 * `bin/lapwing.mjs` runs it while it is newer than every source under `electron/`, else the
 * sources through tsx. Dependencies stay external (SSR build), as in Electron's main build.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  // No public folder or renderer set-up: this is a Node program.
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: resolve(root, 'out/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: {
        lapwing: resolve(root, 'electron/cli/index.ts'),
        // The server's map-loading worker thread, beside the chunks that start it (see workerEntry()).
        'map-load-worker': resolve(root, 'electron/server/maps-worker/worker.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
