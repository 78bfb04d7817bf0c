/**
 * One POST of a webhook or Slack message, told as an attempt's outcome rather than thrown: a 2xx is sent;
 * any other status, a redirect (never followed: a receiver that moved is told by its admin, not guessed),
 * a refused connection or the time limit is a failed attempt, with what the receiver said.
 */
import type { AttemptOutcome } from './attempt-outcome';

/** How much of a refusal's body is kept in the log: enough to read the receiver's reason. */
const ERROR_BODY_MAX = 300;

async function bodyStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < ERROR_BODY_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, ERROR_BODY_MAX).trim();
}

export async function postJson(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<AttemptOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Callboard-Delivery/1', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // By name: the abort is a DOMException, not always an Error of this realm.
    const reason = (error as { name?: unknown } | null)?.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : describeFetchError(error);
    return { sent: false, statusCode: null, error: reason };
  }
  if (response.status >= 200 && response.status < 300) {
    await response.body?.cancel().catch(() => {});
    return { sent: true, statusCode: response.status, error: null };
  }
  const said = await bodyStart(response).catch(() => '');
  const redirect = response.status >= 300 && response.status < 400 ? ` (redirect to ${response.headers.get('location') ?? 'nowhere'}, not followed)` : '';
  return { sent: false, statusCode: response.status, error: `HTTP ${response.status}${redirect}${said ? `: ${said}` : ''}` };
}

/** fetch's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, a TLS error). */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
