import { describe, expect, it } from 'vitest';
import { decideExternalLink } from './external-links';

describe('external links from the renderer', () => {
  it('opens the documented platform addresses at once', () => {
    expect(decideExternalLink('https://api.rainbird.ai/version')).toEqual({ kind: 'open', url: 'https://api.rainbird.ai/version' });
    expect(decideExternalLink('https://enterprise-api.rainbird.ai/')).toMatchObject({ kind: 'open' });
    expect(decideExternalLink('https://docs.rainbird.ai/rblang')).toMatchObject({ kind: 'open' });
  });

  it('asks before opening any other https address, showing the URL it will open', () => {
    expect(decideExternalLink('https://example.com/page?q=1')).toEqual({ kind: 'confirm', url: 'https://example.com/page?q=1' });
    // A look-alike host is not the platform.
    expect(decideExternalLink('https://api.rainbird.ai.evil.example/')).toMatchObject({ kind: 'confirm' });
    expect(decideExternalLink('https://rainbird.ai:8443/')).toMatchObject({ kind: 'confirm' });
  });

  it('refuses other schemes, credentials in the URL and non-URLs', () => {
    for (const url of [
      'http://api.rainbird.ai/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://user:pw@api.rainbird.ai/',
      'https://api.rainbird.ai@evil.example/',
      'not a url',
    ]) {
      expect(decideExternalLink(url)).toEqual({ kind: 'refuse' });
    }
  });
});
