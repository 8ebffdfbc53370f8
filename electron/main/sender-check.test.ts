import { describe, expect, it } from 'vitest';
import { isAppUrl } from './app-origin';
import { trustedSender, type SenderEvent } from './sender-check';

function event(url: string | null, options: { id?: number; subframe?: boolean } = {}): SenderEvent {
  const mainFrame = { url: url ?? '' };
  const senderFrame = url === null ? null : options.subframe ? { url } : mainFrame;
  return { senderFrame, sender: { id: options.id ?? 1, mainFrame } } as unknown as SenderEvent;
}

describe('IPC sender check', () => {
  const check = trustedSender(() => 1);

  it('accepts the main frame of the app window on app://lapwing', () => {
    expect(check(event('app://lapwing/index.html'))).toBe(true);
    expect(check(event('app://lapwing/consultations/3'))).toBe(true);
  });

  it('refuses other origins, subframes, other windows and destroyed frames', () => {
    expect(check(event('https://example.com/'))).toBe(false);
    expect(check(event('app://evil/index.html'))).toBe(false);
    expect(check(event('file:///etc/passwd'))).toBe(false);
    expect(check(event('app://lapwing/index.html', { subframe: true }))).toBe(false);
    expect(check(event('app://lapwing/index.html', { id: 2 }))).toBe(false);
    expect(check(event(null))).toBe(false);
    expect(trustedSender(() => null)(event('app://lapwing/index.html'))).toBe(false);
  });

  it('reads app URLs by scheme and host (Node reports a null origin for app:)', () => {
    expect(new URL('app://lapwing/x').origin).toBe('null');
    expect(isAppUrl('app://lapwing/x')).toBe(true);
    expect(isAppUrl('app://user@lapwing/x')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});
