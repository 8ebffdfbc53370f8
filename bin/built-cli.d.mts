// Types of bin/built-cli.mjs (plain JavaScript: the `lapwing` command decides before tsx is loaded).
export function builtCli(root: string, env?: NodeJS.ProcessEnv): string | null;
