/**
 * Keys of an environment: status, set, test, delete. Values only flow in; `test` sends the stored
 * key to the engine and reports whether it was accepted, never the key itself.
 */
import { ErrorCodes, type KeyKind, type MethodOutput, type ParsedInput } from '../../common/ipc';
import type { Keychain } from '../../keychain';
import type { DecisionApi } from '../ports/decision-api';
import { httpStatusOf, WorkbenchError } from '../errors';
import type { EndpointResolver } from './endpoints';
import type { EnvironmentService } from './environment-service';
import type { ProviderSettingsService } from './provider-settings-service';

type TestOutput = MethodOutput<'keys.test'>;

const KEY_NAMES: Record<KeyKind, string> = {
  api: 'API key',
  evidence: 'evidence key',
  interaction: 'interaction key',
  provider: 'language-model provider key',
};

/** HTTP statuses that mean "this key was refused". */
function isAuthRefusal(status: number | undefined): boolean {
  return status === 401 || status === 403;
}

export class KeyService {
  constructor(
    private readonly keychain: Keychain,
    private readonly environments: EnvironmentService,
    private readonly endpoints: EndpointResolver,
    private readonly api: DecisionApi,
    /** Tests the `provider` key (the Local environment's language-model provider). */
    private readonly provider?: ProviderSettingsService,
  ) {}

  async status(environmentId: string): Promise<MethodOutput<'keys.status'>> {
    this.environments.get(environmentId);
    const keychain = await this.keychain.status();
    if (!keychain.available) return { keychain, keys: { api: false, evidence: false, interaction: false, provider: false } };
    const [api, evidence, interaction, provider] = await Promise.all([
      this.keychain.has(environmentId, 'api'),
      this.keychain.has(environmentId, 'evidence'),
      this.keychain.has(environmentId, 'interaction'),
      this.keychain.has(environmentId, 'provider'),
    ]);
    return { keychain, keys: { api, evidence, interaction, provider } };
  }

  async set(environmentId: string, kind: KeyKind, value: string): Promise<void> {
    this.checkKind(environmentId, kind);
    await this.keychain.set(environmentId, kind, value);
  }

  async delete(environmentId: string, kind: KeyKind): Promise<boolean> {
    this.checkKind(environmentId, kind);
    return this.keychain.delete(environmentId, kind);
  }

  /** The environment must exist; the provider key belongs to Local, whose embedded engine sends it. */
  private checkKind(environmentId: string, kind: KeyKind): void {
    const environment = this.environments.get(environmentId);
    if (kind === 'provider' && environment.kind !== 'local') {
      throw new WorkbenchError(
        ErrorCodes.environmentInvalid,
        `Only the Local environment has a language-model provider key (its embedded engine uses the provider); ${environment.name} uses its own.`,
        [{ path: 'kind', message: 'provider is for Local only' }],
      );
    }
  }

  async test(input: ParsedInput<'keys.test'>): Promise<TestOutput> {
    this.checkKind(input.environmentId, input.kind);
    const environment = this.environments.get(input.environmentId);
    const name = KEY_NAMES[input.kind];
    if (!(await this.keychain.has(environment.id, input.kind))) {
      return { passed: false, checkedWithEngine: false, message: `No ${name} is set for ${environment.name}.` };
    }
    if (input.kind === 'provider') {
      if (!this.provider) return { passed: true, checkedWithEngine: false, message: `The ${name} is set.` };
      return this.provider.test();
    }
    if (environment.kind === 'local' && input.kind === 'api') {
      return {
        passed: true,
        checkedWithEngine: false,
        message: `The ${name} is set; the embedded engine uses its own key, so it was not sent.`,
      };
    }
    const outcome = await this.tryKey(input, environment.id);
    if (outcome === null) {
      return {
        passed: true,
        checkedWithEngine: false,
        message: `The ${name} is set. Open a consultation to check it against the engine (${input.kind === 'evidence' ? 'a session and a fact' : 'a session'} are needed).`,
      };
    }
    if (outcome.ok) return { passed: true, checkedWithEngine: true, message: `${environment.name} accepted the ${name}.` };
    const status = httpStatusOf(outcome.error.details);
    const refused =
      isAuthRefusal(status) || outcome.error.code === ErrorCodes.evidenceLocked || outcome.error.code === ErrorCodes.interactionsLocked;
    return {
      passed: false,
      checkedWithEngine: true,
      ...(status === undefined ? {} : { status }),
      message: refused ? `${environment.name} refused the ${name}.` : `The ${name} could not be checked: ${outcome.error.message}`,
    };
  }

  /** Calls the endpoint the key is for; null when the input does not allow a real check. */
  private async tryKey(input: ParsedInput<'keys.test'>, environmentId: string) {
    const environment = this.environments.get(environmentId);
    if (input.kind === 'api') {
      const mapId = input.mapId ?? environment.defaultMapId;
      if (!mapId)
        throw new WorkbenchError(
          ErrorCodes.environmentInvalid,
          `Give a map id to test the API key: ${environment.name} has no default map.`,
          [{ path: 'mapId', message: 'required' }],
        );
      const endpoint = await this.endpoints.for(environment);
      // Starting a session is the one call that always requires the API key.
      return this.api.start(endpoint, mapId, environment.versionPolicy);
    }
    if (!input.sessionId) return null;
    if (input.kind === 'interaction') {
      const endpoint = await this.endpoints.for(environment, { interaction: true });
      return this.api.interactions(endpoint, input.sessionId);
    }
    if (!input.factId) return null;
    const endpoint = await this.endpoints.for(environment, { evidence: true });
    return this.api.evidence(endpoint, input.sessionId, input.factId);
  }
}
