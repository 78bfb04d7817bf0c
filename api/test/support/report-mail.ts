/**
 * A real SMTP server for the report tests (smtp-server, in this process, on a free port of 127.0.0.1), keeping
 * every message it accepts, and the cards of a report email read back from its text.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { STATS_CARDS, type StatsData } from '@callboard/contract';
import { parseMime, type MimePart } from './mime-reader';

export interface ReceivedMail {
  to: string[];
  message: MimePart;
  raw: string;
}

export interface MailServer {
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages in all have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to a TLS the test has no certificate for.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), message: parseMime(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} emails, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One stats card as an email's text states it: its count, its share (not for Total Processed), its arrow. */
export interface EmailedCard {
  count: number;
  share: number | null;
  arrow: string;
  previous: number;
}

const number = (text: string) => Number(text.replace(/,/g, ''));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Each card's line of a report email's text, by the card's label. */
export function emailedCards(text: string): Map<string, EmailedCard> {
  const cards = new Map<string, EmailedCard>();
  for (const card of STATS_CARDS) {
    const line = text.split('\n').find((l) => l.startsWith(`${card.label}: `));
    if (!line) throw new Error(`no line for the card ${card.label} in:\n${text}`);
    const total = new RegExp(`^${escapeRegExp(card.label)}: ([\\d,]+) ([▲▼–]) .* \\(([\\d,]+) before\\)$`).exec(line);
    const share = new RegExp(`^${escapeRegExp(card.label)}: ([\\d,]+), ([\\d.]+)% ([▲▼–]) .* \\(([\\d.]+)% before\\)`).exec(line);
    if (card.source.kind === 'total' && total) cards.set(card.label, { count: number(total[1]!), share: null, arrow: total[2]!, previous: number(total[3]!) });
    else if (share) cards.set(card.label, { count: number(share[1]!), share: Number(share[2]), arrow: share[3]!, previous: Number(share[4]) });
    else throw new Error(`the card line is not as expected: ${line}`);
  }
  return cards;
}

const arrowOf = (now: number, before: number) => (now > before ? '▲' : now < before ? '▼' : '–');

/** The same cards as GET /api/stats answers them: what each line of the email must say. */
export function cardsOfStats(stats: StatsData): Map<string, EmailedCard> {
  const cards = new Map<string, EmailedCard>();
  for (const card of STATS_CARDS) {
    const { source } = card;
    const pick = (figures: StatsData | StatsData['previous']) => {
      switch (source.kind) {
        case 'total':
          return { count: figures.totalCalls, share: 0 };
        case 'rejectedUnknown':
          return { count: figures.flags.rejectedUnknownCount, share: figures.flags.rejectedUnknownPct };
        case 'redNoConnect':
          return { count: figures.flags.redNoConnectCount, share: figures.flags.redNoConnectPct };
        case 'disposition': {
          const row = figures.dispositions.find((d) => d.disposition === source.disposition)!;
          return { count: row.count, share: row.percentage };
        }
      }
    };
    const now = pick(stats);
    const before = pick(stats.previous);
    cards.set(
      card.label,
      source.kind === 'total'
        ? { count: now.count, share: null, arrow: arrowOf(now.count, before.count), previous: before.count }
        : { count: now.count, share: now.share, arrow: arrowOf(now.share, before.share), previous: before.share },
    );
  }
  return cards;
}
