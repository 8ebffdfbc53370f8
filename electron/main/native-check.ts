/**
 * better-sqlite3 12 is a native module built for one ABI. `npm ci` builds it for Node (the tests
 * need that); Electron needs a build for its own ABI, made with `@electron/rebuild`, which fetches
 * Electron's headers from the internet. When the wrong build is installed, say so plainly instead
 * of failing later with a stack trace. See docs/desktop-shell.md.
 */

/** Null when SQLite opens; otherwise a message saying what is wrong and what to do. */
export async function sqliteProblem(): Promise<string | null> {
  try {
    const { default: Database } = await import('better-sqlite3');
    new Database(':memory:').close();
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const abi = /NODE_MODULE_VERSION/.test(reason)
      ? `better-sqlite3 was compiled for Node.js, not for this Electron (ABI ${process.versions.modules}).`
      : 'better-sqlite3 could not be loaded.';
    return [
      `Lapwing cannot open its database: ${abi}`,
      'Rebuild it for Electron on a machine with internet access: npx @electron/rebuild -f -w better-sqlite3',
      '(`npm rebuild better-sqlite3` restores the Node build the tests use), or run Lapwing in the browser: npm run web.',
      `Details: ${reason}`,
    ].join('\n');
  }
}
