/**
 * How a session ID is shown. Time-ordered UUIDs (versions 1, 6 and 7: the embedded engine's are
 * version 7) share their first digits with every session started in the same minute, so two of
 * them are told apart by their random tail; other IDs by their start.
 */
export function sessionIdTail(sessionId: string): string {
  const hex = sessionId.replace(/-/g, '').toLowerCase();
  const timeOrdered = /^[0-9a-f]{32}$/.test(hex) && ['1', '6', '7'].includes(hex[12] ?? '');
  return timeOrdered ? hex.slice(-8) : sessionId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
}
