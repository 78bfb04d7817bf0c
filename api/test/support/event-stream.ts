/**
 * Reads GET /api/events over real HTTP, as a browser would: the events and
 * the comments received so far, and a wait for more. Plain node:http, one
 * connection per stream: fetch's pool opens spare connections of its own,
 * which would keep a closing server waiting for them.
 */
import http from 'node:http';

export interface StreamMessage {
  /** `event:` and `data:` of an event, or the text of a comment. */
  event?: string;
  data?: string;
  comment?: string;
  at: number;
}

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole body of a refused stream (parsed JSON); undefined for an open one. */
  refusal?: any;
  messages: StreamMessage[];
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** Resolves with the first message (from index `from` on) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (message: StreamMessage) => boolean, timeoutMs?: number, from?: number): Promise<StreamMessage>;
  close(): void;
}

/** The parsed data of every `calls` event, with the time it arrived. */
export function eventsOf(messages: StreamMessage[], name = 'calls') {
  return messages.filter((m) => m.event === name).map((m) => ({ ...JSON.parse(m.data!), at: m.at }));
}

function parseBlock(block: string): StreamMessage {
  const message: StreamMessage = { at: Date.now() };
  for (const line of block.split('\n')) {
    if (line.startsWith(': ')) message.comment = line.slice(2);
    else if (line.startsWith('event: ')) message.event = line.slice(7);
    else if (line.startsWith('data: ')) message.data = line.slice(6);
  }
  return message;
}

export function openEventStream(baseUrl: string, token: string | null): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { agent: false, headers: token === null ? {} : { authorization: `Bearer ${token}` } });
    request.once('error', reject);
    request.once('response', (response) => {
      const messages: StreamMessage[] = [];
      const waiters = new Set<() => void>();
      let finished = false;
      let buffered = '';
      const wakeAll = () => {
        for (const wake of [...waiters]) wake();
      };
      response.setEncoding('utf8');
      const ended = new Promise<void>((done) => {
        response.once('close', () => {
          finished = true;
          wakeAll();
          done();
        });
      });
      const status = response.statusCode ?? 0;
      const opened: OpenedStream = {
        status,
        headers: response.headers,
        messages,
        ended,
        waitFor(match, timeoutMs = 3000, from = 0) {
          return new Promise((found, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
            }, timeoutMs);
            function check() {
              const message = messages.slice(from).find(match);
              if (!message && !finished) return;
              clearTimeout(timer);
              waiters.delete(check);
              if (message) found(message);
              else fail(new Error(`the stream ended without the message awaited; got ${JSON.stringify(messages)}`));
            }
            waiters.add(check);
            check();
          });
        },
        close() {
          request.destroy();
        },
      };
      if (status !== 200) {
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () => {
          opened.refusal = body ? JSON.parse(body) : undefined;
          resolve(opened);
        });
        return;
      }
      response.on('data', (chunk: string) => {
        buffered += chunk;
        let cut: number;
        while ((cut = buffered.indexOf('\n\n')) >= 0) {
          messages.push(parseBlock(buffered.slice(0, cut)));
          buffered = buffered.slice(cut + 2);
        }
        wakeAll();
      });
      resolve(opened);
    });
  });
}
