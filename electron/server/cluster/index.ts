/**
 * The cluster's own door (`lapwing serve --workers N`): what the primary process needs, without
 * loading the server itself (fastify, the engine), so the primary starts and forks quickly.
 */
export { clusterMemberFromEnv } from './member';
export { listeningMessage, startCluster } from './supervisor';
