/**
 * The `lapwing` command line. `bin/lapwing.mjs` calls {@link main} with the arguments after the
 * program name and exits with the code it returns.
 *
 * Commands register themselves on {@link buildProgram}'s command tree; each sets `context.exitCode`.
 * Commander never calls `process.exit` here (`exitOverride`): bad usage is reported and returns 2.
 */
import { Command, CommanderError } from 'commander';
import { processIO } from './io';
import type { CliContext, CliIO } from './io';

/** Exit code for a wrong invocation (unknown flag, missing argument). */
const USAGE_ERROR = 2;

type Register = (parent: Command, context: CliContext) => void;

/**
 * A command module, imported only when a run needs it: each pulls in its own part of the app (the
 * engine, the server, SQLite, the workbench), and loading all of them through tsx took 1-2 s before
 * any command ran. `names` are the commands its register function adds (pinned by main.test.ts).
 */
interface CommandModule {
  readonly names: readonly string[];
  readonly load: () => Promise<Register>;
}

// In the order help lists them.
const MAP_COMMANDS: readonly CommandModule[] = [
  { names: ['check'], load: async () => (await import('./commands/map-check')).registerMapCheck },
  { names: ['add', 'publish', 'list', 'settings'], load: async () => (await import('./commands/map-registry')).registerMapRegistry },
  { names: ['diff', 'update'], load: async () => (await import('./commands/map-diff')).registerMapDiff },
];
const PROGRAM_COMMANDS: readonly CommandModule[] = [
  { names: ['web'], load: async () => (await import('./commands/web')).registerWeb },
  { names: ['serve'], load: async () => (await import('./commands/serve')).registerServe },
  { names: ['test'], load: async () => (await import('./commands/test')).registerTest },
];

/**
 * The modules a run needs: the one that adds the command named by `word`, or every one when `word`
 * names none of them (help, a typo commander should answer with the full list, nothing at all).
 */
function modulesFor(modules: readonly CommandModule[], word: string | undefined): readonly CommandModule[] {
  const named = modules.find((module) => word !== undefined && module.names.includes(word));
  return named ? [named] : modules;
}

async function registerAll(parent: Command, modules: readonly CommandModule[], context: CliContext): Promise<void> {
  const registers = await Promise.all(modules.map((module) => module.load()));
  for (const register of registers) register(parent, context);
}

/** The command tree `argv` needs (all of it for help), writing to `context.io`. */
async function buildProgram(argv: readonly string[], context: CliContext): Promise<Command> {
  const program = new Command('lapwing')
    .description('Lapwing: a workbench and reasoning engine for RBLang knowledge maps')
    // Settings made here are inherited by every command created below, including other engineers'.
    .exitOverride()
    .configureOutput({ writeOut: (text) => context.io.out(text), writeErr: (text) => context.io.err(text) })
    .showHelpAfterError('(run with --help for usage)')
    // A command's flags go after its name, so a subcommand may reuse its parent's flag names
    // (`test merge --coverage` is merge's, not `test`'s).
    .enablePositionalOptions();

  const [first, second] = argv;
  const runsMap = first === 'map';
  const runsOther = PROGRAM_COMMANDS.some((module) => first !== undefined && module.names.includes(first));
  if (!runsOther) {
    const map = program.command('map').description('check and manage RBLang knowledge maps');
    await registerAll(map, runsMap ? modulesFor(MAP_COMMANDS, second) : MAP_COMMANDS, context);
  }
  if (!runsMap) await registerAll(program, modulesFor(PROGRAM_COMMANDS, first), context);
  return program;
}

/**
 * Run the CLI with `argv` (arguments only, without `node` and the script). Resolves to the exit code;
 * never calls `process.exit`.
 */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const context: CliContext = { io, exitCode: 0 };
  const program = await buildProgram(argv, context);
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
