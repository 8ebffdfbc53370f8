import { describe, expect, it } from 'vitest';
import { CLUSTER_ENV, clusterMemberFromEnv } from './member';
import { contextKey, ownerOf } from './ownership';

const member = { index: 1, workers: 2, sockets: ['/tmp/a.sock', '/tmp/b.sock'], secret: 'f'.repeat(64), port: 3100 };

describe('cluster membership', () => {
  it('reads the member description a worker is started with', () => {
    expect(clusterMemberFromEnv({})).toBeUndefined();
    expect(clusterMemberFromEnv({ [CLUSTER_ENV]: JSON.stringify(member) })).toEqual(member);
  });

  it('names what is wrong with a bad description', () => {
    expect(() => clusterMemberFromEnv({ [CLUSTER_ENV]: '{' })).toThrow(`${CLUSTER_ENV} is not JSON`);
    expect(() => clusterMemberFromEnv({ [CLUSTER_ENV]: JSON.stringify({ ...member, index: 2 }) })).toThrow(/index and sockets must match/);
    expect(() => clusterMemberFromEnv({ [CLUSTER_ENV]: JSON.stringify({ ...member, secret: 'short' }) })).toThrow(/secret/);
  });
});

describe('session ownership', () => {
  it('gives every key one worker, the same in every process, and spreads keys over all workers', () => {
    const counts = [0, 0, 0];
    for (let index = 0; index < 3000; index++) {
      const owner = ownerOf(`0190a1b2-c3d4-7e5f-8a9b-${index.toString(16).padStart(12, '0')}`, 3);
      expect(owner).toBeGreaterThanOrEqual(0);
      expect(owner).toBeLessThan(3);
      counts[owner] = (counts[owner] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(800);
    // Pinned (32-bit FNV-1a): every worker must compute the same owner for a key.
    expect(ownerOf('session-a', 1000)).toBe(309);
    expect(ownerOf('0190a1b2-c3d4-7e5f-8a9b-000000000001', 7)).toBe(4);
    expect(contextKey('map', 'trip-1')).toBe('map\u0000trip-1');
  });
});
