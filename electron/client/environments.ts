/**
 * Where a Decision API lives: the platform's community and enterprise deployments
 * (shared/spec/api-wire.md §1.1), Lapwing's local server, or any other base URL.
 */

/** The platform's documented base URLs (the Go SDK's `api-enterprise` host is a known mistake). */
const PLATFORM_BASE_URLS = {
  community: 'https://api.rainbird.ai',
  enterprise: 'https://enterprise-api.rainbird.ai',
} as const;

export type Environment =
  | { readonly kind: 'community' }
  | { readonly kind: 'enterprise' }
  /** `lapwing serve` or the workbench's embedded server on this machine. */
  | { readonly kind: 'local'; readonly port: number; readonly host?: string }
  | { readonly kind: 'custom'; readonly baseUrl: string };

/** The base URL of an environment, without a trailing slash. */
export function baseUrlOf(environment: Environment): string {
  switch (environment.kind) {
    case 'community':
      return PLATFORM_BASE_URLS.community;
    case 'enterprise':
      return PLATFORM_BASE_URLS.enterprise;
    case 'local': {
      const host = environment.host ?? '127.0.0.1';
      return `http://${host.includes(':') ? `[${host}]` : host}:${environment.port}`;
    }
    case 'custom':
      return environment.baseUrl.replace(/\/+$/, '');
  }
}
