/**
 * The embedded engine as the workbench sees it: a Decision API server on a loopback port, with a
 * registry of maps. The workbench runs consultations against `url` through the Decision API client
 * like any remote deployment; only map listing, map sources and the per-version keys are read
 * in-process, because the embedded registry belongs to this app.
 */
import type { InProcessDecisions } from '../../cases';
import type { MapSummary, VersionPolicy } from '../../common/ipc';
import type { WhyNoResult } from '../../common/why-no-result';
import type { Outcome } from '../../engine';
import type { ProviderSource } from '../../nl';
import type { MapRegistry } from '../../server';
import type { Disposable } from '../disposables';
import type { Keychain } from '../../keychain';

/** One map version's source, as `maps.get` shows it. */
export interface LocalMapSource {
  readonly id: string;
  readonly name: string;
  /** `Draft` or `Version<N>`. */
  readonly versionStatus: string;
  readonly rblang: string;
}

/** Keys the embedded registry generated for a map version (evidence and logs are secured by default). */
export interface LocalVersionKeys {
  readonly evidenceKey?: string;
  readonly interactionKey?: string;
}

export interface LocalEngine extends Disposable {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The per-run API key the embedded server accepts (random; never stored). */
  readonly apiKey: string;
  /**
   * What the engine's `GET /version` answers, known in-process (app.info then makes no HTTP call,
   * whose first use loads Node's fetch for a few hundred milliseconds while the runner opens).
   */
  readonly version: string;
  listMaps(): MapSummary[];
  /** Null when there is no such map or version. */
  mapSource(mapId: string, policy: VersionPolicy): LocalMapSource | null;
  /** Keys of the version a session started on (`kmVersion.id` of `/start`); null when unknown. */
  versionKeys(kmVersionId: string): LocalVersionKeys | null;
  /**
   * Why a session's last query concluded nothing, read from the session in the embedded server
   * (no Decision API call has it); null when the engine has no such session.
   */
  whyNoResult(sessionId: string): Promise<Outcome<WhyNoResult> | null>;
  /**
   * The registry itself, in-process (the map loop edits drafts and publishes through it); the same
   * file the CLI uses. Null for engines without one (test doubles).
   */
  readonly registry: MapRegistry | null;
  /**
   * The server's consultation and evidence functions, for case runs in-process (no socket; the
   * same functions its HTTP routes call). Absent for engines without one (test doubles).
   */
  readonly decisions?: InProcessDecisions | undefined;
}

export interface LocalEngineOptions {
  /** Where the embedded server keeps its registry and sessions. */
  readonly dataDir: string;
  /** Bundled maps (`resources/maps`) loaded into an empty registry on first launch. */
  readonly mapsDir: string;
  /** The natural-language provider, read on each call from the workbench's settings and keychain. */
  readonly nlProvider?: ProviderSource;
  /** Where the versions' evidence and interaction keys are kept (the registry stores only digests). */
  readonly keychain?: Keychain;
}

/** Starts the embedded engine; rejects with a message saying why it could not. */
export type LocalEngineFactory = (options: LocalEngineOptions) => Promise<LocalEngine>;
