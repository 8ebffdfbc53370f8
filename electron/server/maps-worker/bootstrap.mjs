// Worker entry when the server runs from its TypeScript sources (tsx, vitest): worker threads do
// not inherit the parent's module hooks, so TypeScript support is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
