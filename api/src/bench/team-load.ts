/**
 * The bench's team row: N analysts, each with an account of their own, all behind one client
 * address (an office), each refreshing the Reporting view back to back for a fixed time. A
 * refresh asks for what that view asks for on load: the stats, the first page of records, the
 * dispositions of the records' filter, and the options of the four pickers.
 */
import http from 'node:http';
import { API_PATHS, FILTER_DIMENSIONS, filterOptionsPath } from '@callboard/contract';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/unavailable';
import { PasswordHasher } from '../domain/auth/password-hasher';
import { usersRepository } from '../domain/users/users-repository';

const TEAM_PASSWORD = 'bench-analyst-password-1';

/**
 * The analysts' passwords are hashed at a low scrypt cost: the row measures refreshing, not
 * signing in, and fifty sign-ups at the production cost would add most of a minute of CPU on a
 * busy machine. Verification reads the cost from the stored hash, so sign-in works unchanged.
 */
const TEAM_PASSWORD_COST = { log2N: 10, r: 8, p: 1 };

/** A browser opens at most six connections to one origin over HTTP/1.1; each analyst gets as many. */
const BROWSER_CONNECTIONS = 6;

export const teamEmail = (index: number) => `analyst${String(index + 1).padStart(3, '0')}@bench.callboard.local`;

/** Creates the team's accounts (role user) in the bench database, unless a cached database has them already. */
export async function ensureTeamAccounts(db: Database, size: number): Promise<void> {
  const passwordHash = await new PasswordHasher(TEAM_PASSWORD_COST).hash(TEAM_PASSWORD);
  for (let i = 0; i < size; i += 1) {
    try {
      await usersRepository.insert(db, { name: `Analyst ${i + 1}`, email: teamEmail(i), passwordHash, role: 'user' });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

/** The requests one refresh of the Reporting view makes, with its default filters (today, newest first) unless told otherwise. */
export function reportingRefresh(datePreset = 'today'): string[] {
  const range = `datePreset=${datePreset}`;
  return [
    `${API_PATHS.stats}?${range}`,
    `${API_PATHS.records}?${range}&page=1&limit=25&sortBy=callTimestamp&sortDir=desc`,
    `${API_PATHS.dispositions}?${range}`,
    ...FILTER_DIMENSIONS.map((dimension) => `${filterOptionsPath(dimension)}?${range}&limit=1000`),
  ];
}

interface Answer {
  status: number;
  ms: number;
}

/** One GET, body read whole; resolves with its status and time whatever the status. */
function timedGet(agent: http.Agent, url: string, token: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        response.once('error', reject);
      })
      .on('error', reject);
  });
}

/** Resolves at `at` (a performance.now() time), at once if it has passed. */
function pauseUntil(at: number): Promise<void> {
  const wait = at - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

/** Signs in one of ensureTeamAccounts' analysts; resolves with the access token. */
export async function signInAnalyst(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEAM_PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || !body.data?.token) throw new Error(`team sign-in of ${email} answered ${response.status}`);
  return body.data.token;
}

export interface TeamLoadResult {
  analysts: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Latency of every answer (refusals included: a person waits for those too). */
  p50: number;
  p95: number;
  p99: number;
  /** The same over the answers that were not refusals (a refusal is answered fast, and would flatter the others). */
  answered: { p50: number; p95: number; p99: number };
  /** Answers 429. */
  refusals: number;
  /** Any other answer that was not 2xx. */
  failures: number;
  /** Of those, answers 503 (the server too busy, or a statement cut at its limit). */
  unavailable: number;
  /**
   * Of the analysts who were refused, the fewest requests one had answered before the first refusal:
   * at the per-person limit or above, the refusals are each person's own budget spent, not a shared one.
   */
  answeredBeforeFirstRefusal?: number;
}

/**
 * Signs the analysts in one after another, then starts them together: each sends one refresh's
 * requests at once, waits for every answer, and starts the next refresh straight away, until
 * `seconds` have passed. With `roundEveryMs`, each analyst starts a refresh at most that often instead
 * (a person's pace: Auto Refresh), their first ones spread over the first interval as people's are.
 * `firstAnalyst` picks whose accounts: a run right after another must not inherit budgets it spent.
 */
export async function runTeamLoad(
  baseUrl: string,
  analysts: number,
  seconds: number,
  refresh: string[],
  { roundEveryMs, firstAnalyst = 0 }: { roundEveryMs?: number; firstAnalyst?: number } = {},
): Promise<TeamLoadResult> {
  const tokens: string[] = [];
  for (let i = 0; i < analysts; i += 1) tokens.push(await signInAnalyst(baseUrl, teamEmail(firstAnalyst + i)));
  const answers: Answer[] = [];
  const beforeRefusal: Array<number | undefined> = tokens.map(() => undefined);
  const agents = tokens.map(() => new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS }));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      tokens.map(async (token, i) => {
        const agent = agents[i] as http.Agent;
        let answered = 0;
        let nextRound = started + (roundEveryMs === undefined ? 0 : (i / analysts) * roundEveryMs);
        while (performance.now() < deadline) {
          if (roundEveryMs !== undefined) {
            // A refresh late or longer than the interval is not made up for: the next one starts an interval after it did.
            await pauseUntil(nextRound);
            nextRound = Math.max(nextRound, performance.now()) + roundEveryMs;
          }
          const refreshAnswers = await Promise.all(refresh.map((path) => timedGet(agent, `${baseUrl}${path}`, token)));
          answers.push(...refreshAnswers);
          if (beforeRefusal[i] !== undefined) continue;
          if (refreshAnswers.some((a) => a.status === 429)) beforeRefusal[i] = answered + refreshAnswers.filter((a) => a.status !== 429).length;
          else answered += refreshAnswers.length;
        }
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  const sorted = (list: Answer[]) => list.map((a) => a.ms).sort((a, b) => a - b);
  const quantile = (latencies: number[], q: number) => latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  const latencies = sorted(answers);
  const at = (q: number) => quantile(latencies, q);
  const answeredLatencies = sorted(answers.filter((a) => a.status !== 429));
  return {
    analysts,
    seconds: elapsed,
    requests: answers.length,
    requestsPerSecond: answers.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    answered: { p50: quantile(answeredLatencies, 0.5), p95: quantile(answeredLatencies, 0.95), p99: quantile(answeredLatencies, 0.99) },
    refusals: answers.filter((a) => a.status === 429).length,
    failures: answers.filter((a) => a.status !== 429 && (a.status < 200 || a.status >= 300)).length,
    unavailable: answers.filter((a) => a.status === 503).length,
    answeredBeforeFirstRefusal: beforeRefusal.some((n) => n !== undefined)
      ? Math.min(...beforeRefusal.filter((n): n is number => n !== undefined))
      : undefined,
  };
}
