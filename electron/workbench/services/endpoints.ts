/**
 * Builds the endpoint (base URL and keys) of a Decision API call for an environment.
 *
 * Keys are read from the keychain for each call and handed straight to the client; they are not
 * cached, returned, stored or logged. The Local environment uses the embedded server's per-run API
 * key and, unless the user set their own, the evidence and interaction keys its registry generated.
 */
import { ErrorCodes, type Environment, type KeyKind } from '../../common/ipc';
import { KeychainError, type Keychain } from '../../keychain';
import type { Endpoint } from '../ports/decision-api';
import type { LocalEngine } from '../ports/local-engine';
import { WorkbenchError } from '../errors';

interface EndpointNeeds {
  readonly evidence?: boolean;
  readonly interaction?: boolean;
  /** The version a session started on, for the Local registry's keys. */
  readonly kmVersionId?: string;
}

/** The embedded engine, or why it is not available. */
export type LocalEngineState = { readonly engine: LocalEngine } | { readonly engine: null; readonly error: string };

export class EndpointResolver {
  constructor(
    private readonly keychain: Keychain,
    private readonly local: () => LocalEngineState,
  ) {}

  async for(environment: Environment, needs: EndpointNeeds = {}): Promise<Endpoint> {
    if (environment.kind === 'local') return this.forLocal(environment, needs);
    const apiKey = await this.key(environment, 'api', true);
    const evidenceKey = needs.evidence ? await this.key(environment, 'evidence', true) : undefined;
    const interactionKey = needs.interaction ? await this.key(environment, 'interaction', true) : undefined;
    return { baseUrl: environment.baseUrl, apiKey, evidenceKey, interactionKey };
  }

  /** The embedded engine, or `engine/unreachable` saying why it is not running. */
  localEngine(): LocalEngine {
    const state = this.local();
    if (state.engine) return state.engine;
    throw new WorkbenchError(ErrorCodes.engineUnreachable, `The embedded engine is not running: ${state.error}`);
  }

  private async forLocal(environment: Environment, needs: EndpointNeeds): Promise<Endpoint> {
    const engine = this.localEngine();
    const registryKeys = needs.kmVersionId ? engine.versionKeys(needs.kmVersionId) : null;
    // The keychain is optional for Local: an unavailable keychain must not stop offline use.
    const evidenceKey = needs.evidence ? ((await this.key(environment, 'evidence', false)) ?? registryKeys?.evidenceKey) : undefined;
    const interactionKey = needs.interaction
      ? ((await this.key(environment, 'interaction', false)) ?? registryKeys?.interactionKey)
      : undefined;
    return { baseUrl: engine.url, apiKey: engine.apiKey, evidenceKey, interactionKey };
  }

  /** The stored key; an unavailable keychain throws when `required`, and reads as "no key" otherwise. */
  private async key(environment: Environment, kind: KeyKind, required: boolean): Promise<string | undefined> {
    try {
      return (await this.keychain.get(environment.id, kind)) ?? undefined;
    } catch (error) {
      if (!required && error instanceof KeychainError) return undefined;
      throw error;
    }
  }
}
