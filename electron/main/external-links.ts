/**
 * Which links the renderer may open in the user's browser (`shell.openExternal`). The documented
 * platform and project addresses open at once; any other https address only after the user
 * confirms it in the app's own dialog, which shows the exact URL; everything else (other schemes,
 * user names or passwords in the URL, unparsable text) is refused. No Electron imports: tested
 * under plain Node.
 */
import { DOCUMENTED_BASE_URLS } from '../common/ipc';

/** Hosts opened without asking: the platform (API, site, docs) and the project's own pages. */
const TRUSTED_LINK_HOSTS: ReadonlySet<string> = new Set([
  ...Object.values(DOCUMENTED_BASE_URLS).map((url) => new URL(url).host),
  'rainbird.ai',
  'www.rainbird.ai',
  'docs.rainbird.ai',
]);

type LinkDecision =
  { readonly kind: 'open'; readonly url: string } | { readonly kind: 'confirm'; readonly url: string } | { readonly kind: 'refuse' };

export function decideExternalLink(text: string): LinkDecision {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'refuse' };
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return { kind: 'refuse' };
  return TRUSTED_LINK_HOSTS.has(url.host) ? { kind: 'open', url: url.href } : { kind: 'confirm', url: url.href };
}
