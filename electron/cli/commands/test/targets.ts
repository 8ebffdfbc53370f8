/**
 * Where `lapwing test` runs cases: `local` (the embedded server, started in this process on the
 * `--data` folder or a temporary one, and called in-process: the same functions its HTTP routes
 * call, without a socket; `--http` goes through loopback HTTP instead) or the base URL of a
 * deployment; and, with `--compare-with`, a second target. Keys come from LAPWING_API_KEY /
 * LAPWING_EVIDENCE_KEY or the keychain, never from case files; a local server's keys are known to
 * this process.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import type { CaseVersion } from '../../../cases/core';
import { createNodeFetch, describeVersion, inProcessApi, type RunTarget } from '../../../cases';
import type { TargetRef } from '../../../cases/core';
import { DecisionApiClient, type FetchLike } from '../../../client';
import type { LapwingServer } from '../../../server';

/** `local`, or an http(s) base URL. */
export type Where = 'local' | string;

export interface TargetSpec {
  readonly where: Where;
  /** Overrides the cases' own version policy when given. */
  readonly version?: CaseVersion;
}

export function parseWhere(value: string): Where {
  const text = value.trim();
  if (text.toLowerCase() === 'local') return 'local';
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return text.replace(/\/+$/, '');
  } catch {
    // Reported below.
  }
  throw new InvalidArgumentError('use local or an http(s) base URL');
}

function parseVersionWord(text: string): CaseVersion | undefined {
  const normal = text.trim().toLowerCase();
  if (normal === 'live') return { policy: 'live' };
  if (normal === 'draft') return { policy: 'draft' };
  const number = /^(?:v(?:ersion)?[\s:]*)?([1-9]\d*)$/.exec(normal);
  return number ? { policy: 'version', number: Number(number[1]) } : undefined;
}

/**
 * `--compare-with`: a version (`live`, `draft`, `3`, `version:3`) on the same target, a target
 * (`local`, a URL) with the same version, or both as `TARGET@VERSION`.
 */
export function parseCompareWith(value: string): { where?: Where; version?: CaseVersion } {
  const version = parseVersionWord(value);
  if (version) return { version };
  const at = value.lastIndexOf('@');
  if (at > 0) {
    const suffix = parseVersionWord(value.slice(at + 1));
    if (suffix) return { where: parseWhere(value.slice(0, at)), version: suffix };
  }
  return { where: parseWhere(value) };
}

interface KeySource {
  readonly env: NodeJS.ProcessEnv;
  /** Reads a key of a workbench environment from the keychain (`--keychain ID`). */
  readonly keychain?: ((kind: 'api' | 'evidence') => Promise<string | null>) | undefined;
}

interface OpenedTargets {
  readonly primary: RunTarget;
  readonly baseline?: RunTarget;
  /** The map `--map-file` added, if any. */
  readonly addedMapId?: string;
  /** The RBLang source of the map version a case ran on, for coverage (undefined when the target will not give it). */
  mapSource(ref: TargetRef): Promise<string | undefined>;
  readonly notes: string[];
  close(): Promise<void>;
}

interface TargetOptions {
  readonly primary: TargetSpec;
  readonly baseline?: TargetSpec;
  readonly mapId?: string;
  readonly dataDir?: string;
  readonly mapFile?: string;
  readonly keys: KeySource;
  /** Local: call the embedded server over loopback HTTP instead of in-process. */
  readonly localOverHttp?: boolean;
}

/** What an in-process local target reports as its base URL (there is none). */
const IN_PROCESS_URL = 'in-process';

const label = (spec: TargetSpec) =>
  `${spec.where === 'local' ? 'local' : spec.where}${spec.version ? ` ${describeVersion(spec.version)}` : ''}`;

async function remoteKeys(keys: KeySource, where: string): Promise<{ apiKey: string; evidenceKey?: string }> {
  const apiKey = keys.env.LAPWING_API_KEY?.trim() || (await keys.keychain?.('api')) || undefined;
  if (!apiKey)
    throw new Error(`no API key for ${where}: set LAPWING_API_KEY, or store one in the keychain and pass --keychain ENVIRONMENT-ID`);
  const evidenceKey = keys.env.LAPWING_EVIDENCE_KEY?.trim() || (await keys.keychain?.('evidence')) || undefined;
  return { apiKey, ...(evidenceKey ? { evidenceKey } : {}) };
}

/** Starts what the specs need (one local server at most) and builds their run targets. Throws with a message for people. */
export async function openTargets(options: TargetOptions): Promise<OpenedTargets> {
  const needsLocal = options.primary.where === 'local' || options.baseline?.where === 'local';
  const notes: string[] = [];
  let server: LapwingServer | undefined;
  let temporary: string | undefined;
  let localUrl = '';
  let addedMapId: string | undefined;
  const localKey = randomUUID();
  if (needsLocal) {
    const { createServer, addMap } = await import('../../../server');
    const engine = await import('../../../engine');
    const dataDir = options.dataDir ? resolve(options.dataDir) : (temporary = mkdtempSync(join(tmpdir(), 'lapwing-test-')));
    server = createServer({ dataDir, apiKeys: [localKey] });
    if (options.mapFile) {
      const added = addMap(server.registry, engine, {
        source: await readFile(options.mapFile, 'utf8'),
        name: basename(options.mapFile, extname(options.mapFile)),
        fileName: options.mapFile,
      });
      if (!added.ok) {
        await server.close();
        throw new Error(
          `${options.mapFile}: ${added.diagnostics.map((diagnostic) => `line ${diagnostic.line}: ${diagnostic.message}`).join('; ')}`,
        );
      }
      addedMapId = added.map.id;
      server.registry.publish(addedMapId, { live: true });
      notes.push(`added ${options.mapFile} as map ${addedMapId} (version 1, live)`);
    } else if (temporary) {
      notes.push('no --data folder: the local server starts empty (add maps with `lapwing map add --data DIR`, or pass --map-file)');
    }
    localUrl = options.localOverHttp ? (await server.listen({ host: '127.0.0.1', port: 0 })).url : IN_PROCESS_URL;
  }
  const mapId = options.mapId ?? addedMapId;
  // Replays send many small requests; node:http with keep-alive costs far less than fetch per request.
  const transport = createNodeFetch();

  const build = async (spec: TargetSpec): Promise<RunTarget> => {
    const common = { label: label(spec), ...(mapId === undefined ? {} : { mapId }), ...(spec.version ? { version: spec.version } : {}) };
    if (spec.where === 'local') {
      const envEvidence = options.keys.env.LAPWING_EVIDENCE_KEY?.trim();
      return {
        ...common,
        baseUrl: localUrl,
        // This process owns the local server: every call carries its user key, which opens the
        // evidence of every version (the registry keeps only digests of the versions' own keys).
        api:
          options.localOverHttp || !server
            ? new DecisionApiClient({ environment: localUrl, fetch: withUserKey(transport.fetch, localKey) })
            : inProcessApi(server.decisions, { userKey: localKey }),
        keys: { apiKey: localKey, ...(envEvidence ? { evidenceKey: envEvidence } : {}) },
      };
    }
    return {
      ...common,
      baseUrl: spec.where,
      api: new DecisionApiClient({ environment: spec.where, fetch: transport.fetch }),
      keys: await remoteKeys(options.keys, spec.where),
    };
  };

  try {
    const primary = await build(options.primary);
    const baseline = options.baseline ? await build(options.baseline) : undefined;
    return {
      primary,
      ...(baseline ? { baseline } : {}),
      ...(addedMapId ? { addedMapId } : {}),
      notes,
      async mapSource(ref) {
        const version = ref.version.policy === 'version' ? ref.version.number : undefined;
        if (ref.baseUrl === localUrl && server) {
          const resolved = server.registry.resolve(
            ref.mapId,
            ref.version.policy === 'draft'
              ? { kind: 'draft' }
              : version !== undefined
                ? { kind: 'number', number: version }
                : { kind: 'default' },
          );
          return resolved.ok ? server.registry.source(resolved.value.sourceId) : undefined;
        }
        const keys = await remoteKeys(options.keys, ref.baseUrl);
        const client = new DecisionApiClient({ environment: ref.baseUrl, fetch: transport.fetch });
        const file = await client.mapFile(ref.mapId, { apiKey: keys.apiKey, ...(version === undefined ? {} : { version }) });
        return file.ok ? file.value.rblang : undefined;
      },
      async close() {
        transport.close();
        await server?.close();
        if (temporary) rmSync(temporary, { recursive: true, force: true });
      },
    };
  } catch (error) {
    transport.close();
    await server?.close();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
}

/** `fetch` that adds the user key to every request (session calls tolerate it; evidence opens with it). */
function withUserKey(fetch: FetchLike, apiKey: string): FetchLike {
  return (url, init) => {
    const given = Object.keys(init.headers).some((name) => name.toLowerCase() === 'x-api-key');
    return fetch(url, given ? init : { ...init, headers: { ...init.headers, 'X-API-Key': apiKey } });
  };
}
