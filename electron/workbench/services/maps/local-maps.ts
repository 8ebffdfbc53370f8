/**
 * The Local registry's maps for the map loop: summaries with the draft's check, import (with a
 * preview), draft edits, publishing with a note, the live version, reverting, per-version
 * settings, and the refusal to start a session on a draft with errors. The registry is the one
 * file the CLI uses too; folder-backed drafts are written through `files`.
 */
import { basename, extname } from 'node:path';
import type { MapDiagnostic } from '../../../common/decision-api';
import {
  ErrorCodes,
  type MapFile,
  type MapSummary,
  type MapVersion,
  type VersionPolicy,
  type VersionRef,
  type VersionSettingsData,
} from '../../../common/ipc';
import { DRAFT, type MapRecord, type MapRegistry, type VersionSelector } from '../../../server';
import { WorkbenchError } from '../../errors';
import { describeErrors, type DraftChecks, type TextCheck } from './draft-checks';

/** What the folder service tells about files (absent: no map follows a file). */
export interface MapFiles {
  fileOf(mapId: string): MapFile | undefined;
  /** Writes a folder-backed map's file; answers its path, or undefined for a map without a file. */
  writeDraft(mapId: string, text: string): string | undefined;
}

const noFiles: MapFiles = { fileOf: () => undefined, writeDraft: () => undefined };

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

export function selectorOf(policy: VersionPolicy): VersionSelector {
  if (policy.kind === 'draft') return { kind: 'draft' };
  if (policy.kind === 'version') return { kind: 'number', number: policy.version };
  return { kind: 'default' };
}

export class LocalMaps {
  private files: MapFiles = noFiles;

  constructor(
    private readonly registry: () => MapRegistry,
    private readonly checks: DraftChecks,
  ) {}

  /** Loads a text about to be checked off the main thread, when it is large (see `DraftChecks.prepare`). */
  prepare(text: string, fileName?: string): Promise<void> {
    return this.checks.prepare(text, fileName);
  }

  /** Connects the folder service (it needs this service too, so it is attached after both exist). */
  attachFiles(files: MapFiles): void {
    this.files = files;
  }

  /** The registry's generation: moves on every change, from any process; -1 without a registry (no embedded engine). */
  generation(): number {
    try {
      return this.registry().generation();
    } catch (error) {
      if (error instanceof WorkbenchError) return -1;
      throw error;
    }
  }

  list(): MapSummary[] {
    return this.registry()
      .listMaps()
      .map((map) => this.summaryOf(map));
  }

  summary(mapId: string): MapSummary {
    return this.summaryOf(this.record(mapId));
  }

  /**
   * Loads, off the main thread, the drafts not checked yet (large ones: a map added by the CLI, or
   * every map at start-up), so the listing that follows does not block. Never throws: the listing
   * reports what is wrong.
   */
  async prepareDrafts(): Promise<void> {
    let registry: MapRegistry;
    try {
      registry = this.registry();
    } catch {
      return;
    }
    const texts: string[] = [];
    for (const map of registry.listMaps()) {
      const resolved = registry.resolve(map.id, { kind: 'draft' });
      if (!resolved.ok || this.checks.checked(resolved.value.sourceId)) continue;
      const text = registry.source(resolved.value.sourceId);
      if (text !== undefined) texts.push(text);
    }
    await Promise.all(texts.map((text) => this.checks.prepare(text)));
  }

  /** The draft's check (cached per stored source). */
  draftCheck(mapId: string): TextCheck {
    const registry = this.registry();
    const resolved = registry.resolve(mapId, { kind: 'draft' });
    if (!resolved.ok) throw new WorkbenchError(ErrorCodes.mapNotFound, `The Local registry has no map ${mapId}.`);
    return this.checks.checkSource(resolved.value.sourceId, registry.source(resolved.value.sourceId) ?? '');
  }

  /** The text of a version, the draft, or live (else draft). */
  text(mapId: string, selector: VersionSelector): { readonly text: string; readonly status: string; readonly name: string } {
    const registry = this.registry();
    const resolved = registry.resolve(mapId, selector);
    if (!resolved.ok) {
      const code = resolved.error.kind === 'map-not-found' ? ErrorCodes.mapNotFound : ErrorCodes.mapVersionNotFound;
      throw new WorkbenchError(code, resolved.error.message);
    }
    return { text: registry.source(resolved.value.sourceId) ?? '', status: resolved.value.status, name: resolved.value.mapName };
  }

  /** Checks a file's text; unless `preview`, adds it as a new map (errors and all: a draft that cannot be published). */
  import(input: {
    readonly text: string;
    readonly fileName: string;
    readonly name?: string | undefined;
    readonly description?: string | undefined;
    readonly preview: boolean;
  }): {
    name: string;
    diagnostics: MapDiagnostic[];
    draft: TextCheck['draft'];
    map?: MapSummary;
  } {
    const name = input.name ?? (basename(input.fileName, extname(input.fileName)).trim() || 'Untitled map');
    const check = this.checks.checkText(input.text, input.fileName);
    if (input.preview) return { name, ...check };
    const registry = this.registry();
    const map = registry.createMap({ name, source: input.text, ...(input.description ? { description: input.description } : {}) });
    // The stored draft is the text just checked: its summary need not load it again.
    const stored = registry.resolve(map.id, { kind: 'draft' });
    if (stored.ok) this.checks.remember(stored.value.sourceId, check);
    return { name, ...check, map: this.summaryOf(map) };
  }

  /** Adds a map for a file without a preview (the folder service). */
  create(name: string, text: string): MapSummary {
    return this.summaryOf(this.registry().createMap({ name, source: text }));
  }

  /** Stores a new draft; `writeFile: false` when the text came from the file itself. */
  saveDraft(
    mapId: string,
    text: string,
    options: { readonly writeFile: boolean } = { writeFile: true },
  ): { map: MapSummary; diagnostics: MapDiagnostic[]; wroteFile?: string } {
    this.record(mapId);
    // The file first: if it cannot be written, the draft stays as it was (it follows the file).
    const wroteFile = options.writeFile ? this.files.writeDraft(mapId, text) : undefined;
    const updated = this.registry().updateDraft(mapId, text);
    if (!updated.ok) throw new WorkbenchError(ErrorCodes.mapNotFound, updated.error.message);
    return { map: this.summaryOf(updated.value), diagnostics: this.draftCheck(mapId).diagnostics, ...(wroteFile ? { wroteFile } : {}) };
  }

  publish(mapId: string, note: string, live: boolean): { map: MapSummary; version: MapVersion } {
    this.record(mapId);
    const check = this.draftCheck(mapId);
    if (check.draft.state === 'errors') {
      throw new WorkbenchError(
        ErrorCodes.mapDraftHasErrors,
        `The draft cannot be published: it has ${check.draft.errors} error${check.draft.errors === 1 ? '' : 's'}: ${describeErrors(check.draft)}.`,
        check.draft.firstErrors,
      );
    }
    const published = this.registry().publish(mapId, { live, note });
    if (!published.ok) throw new WorkbenchError(ErrorCodes.mapNotFound, published.error.message);
    const map = this.summary(mapId);
    const version = map.versions.find((candidate) => candidate.number === published.value.number) as MapVersion;
    return { map, version };
  }

  makeLive(mapId: string, version: number | null): MapSummary {
    this.record(mapId);
    const changed = this.registry().setLive(mapId, version);
    if (!changed.ok) throw new WorkbenchError(ErrorCodes.mapVersionNotFound, changed.error.message);
    return this.summaryOf(changed.value);
  }

  revertDraft(mapId: string, version: number): { map: MapSummary; diagnostics: MapDiagnostic[]; wroteFile?: string } {
    const { text } = this.text(mapId, { kind: 'number', number: version });
    return this.saveDraft(mapId, text);
  }

  settings(mapId: string, version: VersionRef): VersionSettingsData {
    const settings = this.registry().settings(mapId, this.versionNumber(mapId, version));
    if (!settings.ok)
      throw new WorkbenchError(
        settings.error.kind === 'map-not-found' ? ErrorCodes.mapNotFound : ErrorCodes.mapVersionNotFound,
        settings.error.message,
      );
    const { recordInteractions, evidenceSecured, interactionsSecured } = settings.value;
    return { recordInteractions, evidenceSecured, interactionsSecured };
  }

  updateSettings(
    mapId: string,
    version: VersionRef,
    change: { readonly [K in keyof VersionSettingsData]?: VersionSettingsData[K] | undefined },
  ): VersionSettingsData {
    const number = this.versionNumber(mapId, version);
    const updated = this.registry().updateSettings(mapId, number, change);
    if (!updated.ok)
      throw new WorkbenchError(
        updated.error.kind === 'map-not-found' ? ErrorCodes.mapNotFound : ErrorCodes.mapVersionNotFound,
        updated.error.message,
      );
    return this.settings(mapId, version);
  }

  /**
   * Refuses a session on a draft with errors, naming them (a start by policy `live` uses the draft
   * when no version is live). Unknown maps pass: the engine answers those itself.
   */
  assertStartable(mapId: string, policy: VersionPolicy): void {
    const resolved = this.registry().resolve(mapId, selectorOf(policy));
    if (!resolved.ok || resolved.value.number !== DRAFT) return;
    const check = this.draftCheck(mapId);
    if (check.draft.state !== 'errors') return;
    throw new WorkbenchError(
      ErrorCodes.mapDraftHasErrors,
      `The draft of ${resolved.value.mapName} has ${check.draft.errors} error${check.draft.errors === 1 ? '' : 's'}, so no session can start on it: ${describeErrors(check.draft)}. Fix them in the map editor.`,
      check.draft.firstErrors,
    );
  }

  private versionNumber(mapId: string, version: VersionRef): number {
    this.record(mapId);
    return version === 'draft' ? DRAFT : version;
  }

  private record(mapId: string): MapRecord {
    const record = this.registry().getMap(mapId);
    if (!record) throw new WorkbenchError(ErrorCodes.mapNotFound, `The Local registry has no map ${mapId}.`);
    return record;
  }

  private summaryOf(map: MapRecord): MapSummary {
    const file = this.files.fileOf(map.id);
    return {
      id: map.id,
      name: map.name,
      ...(map.description ? { description: map.description } : {}),
      versions: map.versions.map((version) => ({
        number: version.number,
        id: version.versionId,
        createdAt: iso(version.created),
        live: map.liveVersion === version.number,
        note: version.note,
      })),
      hasDraft: true,
      updatedAt: iso(map.draftUpdated),
      draft: this.draftCheck(map.id).draft,
      liveVersion: map.liveVersion,
      ...(file ? { file } : {}),
    };
  }
}
