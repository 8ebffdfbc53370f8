/** What the commands that run until stopped (`serve`, `web`) share: the `--port` value and the stop signal. */
import { InvalidArgumentError } from 'commander';

/** `--port`: digits only, 0 to 65535 (0: a free one). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0: a free one)');
  return port;
}

/** Resolves on the first SIGINT or SIGTERM, with which one came. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
