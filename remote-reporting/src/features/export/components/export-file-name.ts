/** The name for a download the server did not name: call_records_{timestamp}.{ext}. */
export function fallbackExportName(extension: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `call_records_${stamp}.${extension}`;
}
