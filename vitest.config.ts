import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'renderer/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Many tests start processes, servers or PostgreSQL; on a loaded two-core CI machine a start-up
    // alone can take seconds. Generous limits cost nothing when tests pass and still end a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
