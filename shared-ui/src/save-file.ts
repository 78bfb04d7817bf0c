/**
 * Hands a Blob to the browser as a download named `filename`: an object URL
 * and a temporary <a download> clicked once. Exports are fetched (they need
 * the bearer token, and some are POSTs), so a plain link cannot start them.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Not at once: a browser may start reading the URL only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

export const REVOKE_AFTER_MS = 10_000;
