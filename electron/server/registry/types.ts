/** What the map registry stores and answers with. Times are epoch milliseconds. */

/** Version number 0 stands for the draft throughout the registry. */
export const DRAFT = 0;

export interface VersionSummary {
  readonly number: number;
  /** The version's own GUID, reported by start as `kmVersion.id`. */
  readonly versionId: string;
  readonly created: number;
  /** What the publisher said of it ('' when nothing). */
  readonly note: string;
}

/** A version just published: its keys, unless it kept the draft's (`keepKeys`). */
export interface PublishedVersion extends VersionSummary {
  readonly keys?: VersionKeys;
}

export interface MapRecord {
  /** GUID; also the draft's version ID, as on the platform. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly created: number;
  /** When the draft source was last saved. */
  readonly draftUpdated: number;
  readonly liveVersion: number | null;
  readonly versions: readonly VersionSummary[];
}

/** Which version a request asks for: `/start`'s rule is live, else draft. */
export type VersionSelector =
  { readonly kind: 'default' } | { readonly kind: 'draft' } | { readonly kind: 'number'; readonly number: number };

/** A concrete version of a map, ready to load and start sessions on. */
export interface ResolvedVersion {
  readonly mapId: string;
  readonly mapName: string;
  /** 0 for the draft. */
  readonly number: number;
  readonly versionId: string;
  /** `Draft` or `Version<N>`. */
  readonly status: string;
  readonly created: number;
  readonly sourceId: number;
}

export interface VersionSettings {
  readonly mapId: string;
  /** 0 for the draft. */
  readonly version: number;
  /** Record the interaction log of sessions started while this is on (off by default, as on the platform). */
  readonly recordInteractions: boolean;
  /** Evidence needs the evidence key (on by default, as on the platform). */
  readonly evidenceSecured: boolean;
  /** The interaction log needs the interaction key (on by default, as on the platform). */
  readonly interactionsSecured: boolean;
  /** `sha256:<hex>` of the evidence key; the key itself is shown once, when made (see {@link VersionKeys}). */
  readonly evidenceKeyDigest: string;
  /** `sha256:<hex>` of the interaction key. */
  readonly interactionKeyDigest: string;
}

/** A version's keys in plain text: only returned when they are made (map added, version published, keys renewed). */
export interface VersionKeys {
  readonly evidenceKey: string;
  readonly interactionKey: string;
}

export type SettingsChange = {
  readonly [K in 'recordInteractions' | 'evidenceSecured' | 'interactionsSecured']?: VersionSettings[K] | undefined;
} & {
  /** Replace the keys with fresh random ones. */
  readonly regenerateKeys?: boolean | undefined;
};

export type RegistryFailure =
  { readonly kind: 'map-not-found'; readonly message: string } | { readonly kind: 'version-not-found'; readonly message: string };

export type RegistryResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RegistryFailure };
