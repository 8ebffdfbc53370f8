/**
 * A worker's place in a `lapwing serve --workers N` cluster, handed from the primary to each worker
 * in one environment variable.
 */
import { z } from 'zod';

export const ClusterMemberSchema = z
  .object({
    /** This worker's index, 0..workers-1. */
    index: z.number().int().min(0),
    workers: z.number().int().min(1),
    /** Each worker's private Unix socket (by index), where its peers forward the calls it owns. */
    sockets: z.array(z.string().min(1)).min(1),
    /** Marks a forwarded call, so the owner handles it instead of forwarding it again. */
    secret: z.string().min(32),
    /** The port the primary listens on for the cluster (never 0), for the address a worker reports. */
    port: z.number().int().min(1).max(65535),
  })
  .refine((member) => member.sockets.length === member.workers && member.index < member.workers, {
    message: 'index and sockets must match the number of workers',
  });

export type ClusterMember = z.infer<typeof ClusterMemberSchema>;

export const CLUSTER_ENV = 'LAPWING_CLUSTER_MEMBER';

/** The member description of this process, when it runs as a cluster worker. */
export function clusterMemberFromEnv(env: NodeJS.ProcessEnv = process.env): ClusterMember | undefined {
  const text = env[CLUSTER_ENV];
  if (text === undefined || text === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${CLUSTER_ENV} is not JSON`);
  }
  const parsed = ClusterMemberSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `${CLUSTER_ENV}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(member)'}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
}
