/**
 * `lapwing web [--port N] [--data DIR] [--no-open]`: runs the workbench in the browser (browser
 * mode) until SIGINT or SIGTERM. Prints `Lapwing (browser mode) at http://127.0.0.1:PORT/`.
 */
import type { Command } from 'commander';
import type { CliContext } from '../io';
import { parsePort, untilStopped } from './long-running';
import { reportingStoreErrors } from './store-errors';

interface WebOptions {
  readonly port: number;
  readonly data?: string;
  readonly open: boolean;
}

/** Registers `web` on the program. */
export function registerWeb(program: Command, context: CliContext): void {
  program
    .command('web')
    .description('run the workbench in your browser, on 127.0.0.1 with a per-run token (browser mode)')
    .option('--port <n>', 'port to listen on (0: a free one)', parsePort, 0)
    .option('--data <dir>', "data folder (default: the desktop app's)")
    .option('--no-open', 'do not open a browser')
    .action(
      reportingStoreErrors(context, async (options: WebOptions) => {
        // Loaded on use: the workbench pulls in the server, SQLite and the keyring, which other commands do not need.
        const { openInBrowser, startBrowserMode } = await import('../../host');
        const running = await startBrowserMode({ port: options.port, ...(options.data ? { dataDir: options.data } : {}) });
        context.io.out(`Lapwing (browser mode) at ${running.url}\n`);
        context.io.out(`Data: ${running.dataDir}. Stop with Ctrl+C.\n`);
        if (!running.rendererBuilt)
          context.io.out('The renderer is not built yet: run `npm run build` (or `npm start`), then reload the page.\n');
        if (options.open && !(await openInBrowser(running.url)))
          context.io.out('(No browser could be opened here; open the address above yourself.)\n');
        // Listening for Ctrl+C from now on: the page is served while the workbench is still starting.
        const stopped = untilStopped();
        try {
          // If the workbench cannot start, stop with its error as before.
          await Promise.race([running.ready, stopped]);
        } catch (error) {
          await running.close();
          throw error;
        }
        await stopped;
        await running.close();
      }),
    );
}
