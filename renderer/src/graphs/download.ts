/**
 * Saves a blob through the browser's download machinery. In Electron the main process turns this into
 * a save dialog; in browser mode it is an ordinary download. Either way the renderer touches no files.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download reads the URL asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadJson(value: unknown, fileName: string): void {
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}

/** A file name safe on every OS, from an ID such as `WA:RF:82a7…`. */
export function safeFileName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
}
