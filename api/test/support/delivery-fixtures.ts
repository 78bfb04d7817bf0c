/**
 * What the delivery tests receive webhooks and Slack messages with: an HTTP server on 127.0.0.1 answering each
 * request as the test tells it and keeping what it received. (Email: report-mail.ts's SMTP server and mime-reader.ts.)
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** The statuses of the next answers, in order; once used up, every answer is `otherwise`. */
  answer(...statuses: number[]): void;
  otherwise: number;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const queued: number[] = [];
  const receiver: Receiver = {
    url: '',
    requests: [],
    answer: (...statuses) => queued.push(...statuses),
    otherwise: 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = queued.shift() ?? receiver.otherwise;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? `refused with ${status}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
