import { recordingLinkExpiry } from '@callboard/contract';
import { useState } from 'react';

const pathOf = (url: string) => url.split('?')[0];
const hasExpired = (url: string) => (recordingLinkExpiry(url) ?? Infinity) * 1000 <= Date.now();

/**
 * A recording's link for an <audio> element. The API signs a recording's link
 * anew every few minutes (contract/src/recording-links.ts), and a call fetched
 * again (a refresh, the live stream) may carry the new one: handed to a
 * playing element, it would start the recording over. The link first given
 * for a recording is kept, and replaced only by another recording's or once
 * it has expired.
 */
export function useSteadyRecordingLink(url: string | null): string | null {
  const [kept, setKept] = useState(url);
  const replace = kept !== url && (kept === null || url === null || pathOf(kept) !== pathOf(url) || hasExpired(kept));
  if (replace) setKept(url);
  return replace ? url : kept;
}
