/**
 * Where CLI output goes. Commands write through this instead of `process.stdout` so tests can run
 * `main()` in-process and read what a user would see.
 */
export interface CliIO {
  /** Normal output (results, diagnostics, summaries). */
  out(text: string): void;
  /** Problems with the invocation itself (unreadable files, bad flags). */
  err(text: string): void;
}

/** The real terminal. */
export const processIO: CliIO = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Shared by all commands of one run: the output, and the exit code the command decided on. */
export interface CliContext {
  readonly io: CliIO;
  exitCode: number;
}
