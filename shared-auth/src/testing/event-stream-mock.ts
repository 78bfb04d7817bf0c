/**
 * A fake streamed response for the live-events client: jsdom's fetch mocks
 * answer with whole bodies, while an event stream stays open and is written
 * to while the test runs.
 */
import { fakeResponse, type FakeResponseInit } from '@callboard/shared-auth/testing/fetch-mock';

export interface FakeEventStream {
  response: Response;
  /** Sends text as the server would (one or several SSE blocks, or a part of one). */
  send(text: string): void;
  /** The server ends the stream. */
  end(): void;
  /** The connection fails. */
  fail(): void;
  /** True once the reader has given up on it (cancelled or aborted). */
  readonly cancelled: boolean;
}

type Read = { done: true; value: undefined } | { done: false; value: Uint8Array };

/** An open `text/event-stream` answer; `signal` is the request's, so aborting the fetch ends the body as a browser would. */
export function fakeEventStream(signal?: AbortSignal | null, init: FakeResponseInit = {}): FakeEventStream {
  const encoder = new TextEncoder();
  const queued: Read[] = [];
  const waiting: Array<{ resolve: (read: Read) => void; reject: (error: Error) => void }> = [];
  let failure: Error | null = null;
  let cancelled = false;

  const push = (read: Read) => {
    const reader = waiting.shift();
    if (reader) reader.resolve(read);
    else queued.push(read);
  };
  const breakOff = (error: Error) => {
    failure = error;
    for (const reader of waiting.splice(0)) reader.reject(error);
  };
  signal?.addEventListener('abort', () => {
    cancelled = true;
    breakOff(new DOMException('The operation was aborted.', 'AbortError'));
  });

  const reader = {
    read(): Promise<Read> {
      const next = queued.shift();
      if (next) return Promise.resolve(next);
      if (failure) return Promise.reject(failure);
      return new Promise<Read>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    async cancel() {
      cancelled = true;
      breakOff(new DOMException('The stream was cancelled.', 'AbortError'));
    },
  };
  const response = Object.assign(fakeResponse({ headers: { 'content-type': 'text/event-stream', ...init.headers }, ...init }), {
    body: { getReader: () => reader, cancel: () => reader.cancel() },
  }) as unknown as Response;

  return {
    response,
    send: (text) => push({ done: false, value: encoder.encode(text) }),
    end: () => push({ done: true, value: undefined }),
    fail: () => breakOff(new TypeError('network error')),
    get cancelled() {
      return cancelled;
    },
  };
}
