/**
 * How the delivery mechanism behaves, with the defaults the environment may change (config/env.ts) and tests
 * shrink (the retry schedule), and the checks of the settings that come from the environment.
 */
import path from 'node:path';
import { isEmail } from '@callboard/contract';

export const DEFAULT_MAIL_FROM = 'Callboard <callboard@localhost>';
export const DEFAULT_PAUSE_AFTER_FAILURES = 5;
export const MAX_PAUSE_AFTER_FAILURES = 100;

/**
 * Seconds to wait before each retry of a failed attempt: 30 s, 2 min, 10 min, 1 h, 6 h. A receiver down for a
 * deploy is caught by the first few; one down for most of a day fails the delivery (6 attempts in 7 h 12 min),
 * which counts toward pausing its endpoint.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [30, 120, 600, 3600, 21_600];

/** How long one webhook or Slack request may take, connection to the last byte of the answer's head. */
export const DEFAULT_SEND_TIMEOUT_MS = 10_000;

export interface DeliverySettings {
  /** SMTP_URL; undefined: email goes to the outbox folder. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the outbox keeps its .eml files (`<DATA_DIR>/outbox`). */
  outboxDir: string;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  pauseAfterFailures: number;
  retryScheduleSeconds: readonly number[];
  sendTimeoutMs: number;
}

/** What an app built without them gets (the server passes the environment's: start-server.ts). */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  smtpUrl: undefined,
  mailFrom: DEFAULT_MAIL_FROM,
  // DATA_DIR's default, as config/env.ts resolves it.
  outboxDir: path.resolve('data', 'outbox'),
  publicUrl: 'http://localhost:8080',
  pauseAfterFailures: DEFAULT_PAUSE_AFTER_FAILURES,
  retryScheduleSeconds: DEFAULT_RETRY_SCHEDULE_SECONDS,
  sendTimeoutMs: DEFAULT_SEND_TIMEOUT_MS,
};

/** `Name <address>` or a bare address. */
const NAMED_ADDRESS = /^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+)>\s*$/;

/** The address part of a From (`Callboard <mail@example.com>` → `mail@example.com`). */
export function addressOf(from: string): string {
  return NAMED_ADDRESS.exec(from)?.[2] ?? from.trim();
}

/** What is wrong with a MAIL_FROM, or undefined. `localhost` is allowed as a domain: the default's, for the outbox. */
export function mailFromProblem(from: string): string | undefined {
  // It is the From header of every email: a line break would start another header.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(from)) return 'must be one line';
  const address = addressOf(from);
  const [local, domain] = address.split('@');
  if (address.split('@').length === 2 && local && domain === 'localhost') return undefined;
  return isEmail(address) ? undefined : 'must be an email address, or a name and an address: Callboard <alerts@example.com>';
}

/** What is wrong with a PUBLIC_URL, or undefined: an http(s) origin, with a path when the app is served under one. */
export function publicUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http:// or https:// URL, e.g. https://callboard.example.com';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '') return 'must be an absolute http:// or https:// URL';
  if (url.search !== '' || url.hash !== '') return 'must not have a query or a fragment';
  // Every message's links are made with it: a password in it would reach every recipient.
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  return undefined;
}

/**
 * A message's link (a path and query of this app, e.g. `/reporting?publisher=3`) as people outside the app
 * open it. Anything else is a programming error of the producer, thrown rather than sent.
 */
export function absoluteLink(publicUrl: string, link: string): string {
  if (!link.startsWith('/') || link.startsWith('//')) throw new Error(`a message's link must be a path of this app, starting with one "/" (got ${JSON.stringify(link)})`);
  return `${publicUrl}${link}`;
}
