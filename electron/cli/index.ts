/** The `lapwing` command. */
export type { CliIO } from './io';
export { main } from './main';
