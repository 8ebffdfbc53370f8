/**
 * The `lapwing` command line. `bin/lapwing.mjs` calls {@link main} with the arguments after the
 * program name and exits with the code it returns.
 *
 * Commands register themselves on {@link buildProgram}'s command tree; each sets `context.exitCode`.
 * Commander never calls `process.exit` here (`exitOverride`): bad usage is reported and returns 2.
 */
import { Command, CommanderError } from 'commander';
import { registerMapCheck } from './commands/map-check';
import { registerMapDiff } from './commands/map-diff';
import { registerMapRegistry } from './commands/map-registry';
import { registerServe } from './commands/serve';
import { registerTest } from './commands/test';
import { registerWeb } from './commands/web';
import { processIO } from './io';
import type { CliContext, CliIO } from './io';

/** Exit code for a wrong invocation (unknown flag, missing argument). */
const USAGE_ERROR = 2;

/** The full command tree, writing to `context.io`. */
function buildProgram(context: CliContext): Command {
  const program = new Command('lapwing')
    .description('Lapwing: a workbench and reasoning engine for RBLang knowledge maps')
    // Settings made here are inherited by every command created below, including other engineers'.
    .exitOverride()
    .configureOutput({ writeOut: (text) => context.io.out(text), writeErr: (text) => context.io.err(text) })
    .showHelpAfterError('(run with --help for usage)')
    // A command's flags go after its name, so a subcommand may reuse its parent's flag names
    // (`test merge --coverage` is merge's, not `test`'s).
    .enablePositionalOptions();

  const map = program.command('map').description('check and manage RBLang knowledge maps');
  registerMapCheck(map, context);

  // other command registrations: `serve`, `map add|publish|list|settings`, `test` are added here,
  // each as register<Name>(program or map, context).
  registerWeb(program, context);
  registerMapRegistry(map, context);
  registerMapDiff(map, context);
  registerServe(program, context);
  registerTest(program, context);

  return program;
}

/**
 * Run the CLI with `argv` (arguments only, without `node` and the script). Resolves to the exit code;
 * never calls `process.exit`.
 */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const context: CliContext = { io, exitCode: 0 };
  const program = buildProgram(context);
  if (argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return context.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version requested explicitly are successes; everything else is a usage error,
      // already explained on stderr by commander.
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : USAGE_ERROR;
    }
    io.err(`lapwing: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
