/**
 * Build of the three Electron targets with explicit entry points (the design card fixes the layout,
 * so electron-vite's `src/{main,preload,renderer}` defaults do not apply).
 *
 * - main and preload run in Node/Electron: dependencies stay external (better-sqlite3 and the keyring
 *   are native), except that the preload is sandboxed and so must be one self-contained file.
 * - the renderer is a plain web app rooted at `renderer/`; browser mode serves the same `out/renderer`.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rolldownOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          // The server's map-loading worker thread (electron/server/maps-worker): a file of its own beside index.js.
          'map-load-worker': resolve(root, 'electron/server/maps-worker/worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload cannot `require` chunks or packages: bundle everything into one CommonJS file.
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [vue()],
    worker: { format: 'es' },
    build: {
      outDir: resolve(root, 'out/renderer'),
      // Unminified, Monaco and cytoscape make a 28 MB bundle; minified it is about half (stack.md).
      minify: true,
      chunkSizeWarningLimit: 6000,
      rolldownOptions: {
        input: { index: resolve(root, 'renderer/index.html') },
      },
    },
  },
});
