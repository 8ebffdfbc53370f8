/**
 * Environments: the built-in Local, Community and Enterprise ones, and custom ones. Deleting an
 * environment deletes its keys from the keychain first, so no secret is left behind unnamed.
 */
import { randomUUID } from 'node:crypto';
import { DOCUMENTED_BASE_URLS, ErrorCodes, type Environment, type EnvironmentDraftSchema } from '../../common/ipc';
import type { Keychain } from '../../keychain';
import type { EnvironmentRecord, EnvironmentsRepository } from '../../store';
import { WorkbenchError } from '../errors';
import type { z } from 'zod';

/** Ids of the built-in environments. */
export const BUILT_IN_IDS = { local: 'local', community: 'community', enterprise: 'enterprise' } as const;

type Draft = z.output<typeof EnvironmentDraftSchema>;

/** What the Local environment reports as its URL while the embedded engine is not running. */
const LOCAL_NOT_RUNNING = '';

export class EnvironmentService {
  constructor(
    private readonly repository: EnvironmentsRepository,
    private readonly keychain: Keychain,
    /** The embedded engine's URL, or null while it is not running. */
    private readonly localUrl: () => string | null,
  ) {}

  /** Creates the built-in environments that do not exist yet (on every launch; edits are kept). */
  ensureBuiltIns(defaultLocalMapId: string | null): void {
    const records: EnvironmentRecord[] = [
      {
        id: BUILT_IN_IDS.local,
        name: 'Local',
        kind: 'local',
        baseUrl: '',
        defaultMapId: defaultLocalMapId,
        versionPolicy: { kind: 'live' },
        builtIn: true,
        position: 0,
      },
      {
        id: BUILT_IN_IDS.community,
        name: 'Community',
        kind: 'community',
        baseUrl: DOCUMENTED_BASE_URLS.community,
        defaultMapId: null,
        versionPolicy: { kind: 'live' },
        builtIn: true,
        position: 1,
      },
      {
        id: BUILT_IN_IDS.enterprise,
        name: 'Enterprise',
        kind: 'enterprise',
        baseUrl: DOCUMENTED_BASE_URLS.enterprise,
        defaultMapId: null,
        versionPolicy: { kind: 'live' },
        builtIn: true,
        position: 2,
      },
    ];
    this.repository.ensure(records);
    // A first launch may have had no bundled map to default to; fill it in once one exists.
    const local = this.repository.get(BUILT_IN_IDS.local);
    if (local && local.defaultMapId === null && defaultLocalMapId !== null) {
      this.repository.save({ ...local, defaultMapId: defaultLocalMapId, position: 0 });
    }
  }

  list(): Environment[] {
    return this.repository.list().map((environment) => this.present(environment));
  }

  /** The environment, or `environments/not-found`. */
  get(id: string): Environment {
    const environment = this.repository.get(id);
    if (!environment) throw new WorkbenchError(ErrorCodes.environmentNotFound, `No environment with id "${id}".`);
    return this.present(environment);
  }

  save(draft: Draft): Environment {
    const existing = draft.id === undefined ? null : this.repository.get(draft.id);
    if (draft.id !== undefined && !existing) {
      throw new WorkbenchError(ErrorCodes.environmentNotFound, `No environment with id "${draft.id}" to update.`);
    }
    if (existing?.builtIn && existing.kind !== draft.kind) {
      throw new WorkbenchError(ErrorCodes.environmentBuiltIn, `The kind of the built-in ${existing.name} environment cannot change.`, [
        { path: 'kind', message: 'fixed for built-in environments' },
      ]);
    }
    if (draft.kind === 'local' && existing?.kind !== 'local') {
      throw new WorkbenchError(
        ErrorCodes.environmentInvalid,
        'There is only one Local environment (the embedded engine); choose community, enterprise or custom.',
        [{ path: 'kind', message: 'local is reserved' }],
      );
    }
    const saved = this.repository.save({
      id: existing?.id ?? randomUUID(),
      name: draft.name,
      kind: draft.kind,
      baseUrl: this.baseUrlFor(draft),
      defaultMapId: draft.defaultMapId,
      versionPolicy: draft.versionPolicy,
      builtIn: existing?.builtIn ?? false,
      position: existing?.builtIn ? this.builtInPosition(existing.id) : 100,
    });
    return this.present(saved);
  }

  /** Deletes a custom environment after removing its keys from the keychain. */
  async delete(id: string): Promise<boolean> {
    const existing = this.repository.get(id);
    if (!existing) return false;
    if (existing.builtIn)
      throw new WorkbenchError(ErrorCodes.environmentBuiltIn, `The built-in ${existing.name} environment cannot be deleted.`);
    // Keys first: if the keychain is unavailable this throws and the environment stays, so its
    // keys are never orphaned under an id nothing refers to any more.
    await this.keychain.deleteAll(id);
    return this.repository.delete(id);
  }

  private baseUrlFor(draft: Draft): string {
    if (draft.kind === 'local') return '';
    if (draft.baseUrl) return draft.baseUrl.replace(/\/+$/, '');
    if (draft.kind === 'community' || draft.kind === 'enterprise') return DOCUMENTED_BASE_URLS[draft.kind];
    throw new WorkbenchError(ErrorCodes.environmentInvalid, 'Invalid environment: baseUrl: a custom environment needs a base URL', [
      { path: 'baseUrl', message: 'required for custom environments' },
    ]);
  }

  private builtInPosition(id: string): number {
    return Object.values(BUILT_IN_IDS).indexOf(id as (typeof BUILT_IN_IDS)[keyof typeof BUILT_IN_IDS]);
  }

  /** Local reports the embedded engine's current URL; its stored one is meaningless. */
  private present(environment: Environment): Environment {
    if (environment.kind !== 'local') return environment;
    return { ...environment, baseUrl: this.localUrl() ?? LOCAL_NOT_RUNNING };
  }
}
