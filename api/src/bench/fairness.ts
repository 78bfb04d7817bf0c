/**
 * The bench's fairness row (issue 33, docs/decisions/0036-fair-shares.md): one account fires 20
 * parallel year-long transcript searches of a word in nearly every call, back to back, while a team of
 * analysts refreshes Reporting at a person's pace. The analysts' latency and their 503s are the row's
 * targets; the searching account's answers, refusals and 503s say how the protections treated it.
 */
import http from 'node:http';
import { API_PATHS } from '@callboard/contract';
import { runTeamLoad, signInAnalyst, teamEmail, type TeamLoadResult } from './team-load';

/** The searching account's requests at once. */
export const HEAVY_PARALLEL = 20;

export interface HeavyAccountResult {
  sent: number;
  answered: number;
  /** 429 TOO_MANY_CONCURRENT: past the person's running and waiting places. */
  tooManyConcurrent: number;
  /** 429 RATE_LIMITED: past the person's budget a minute. */
  rateLimited: number;
  /** 503: past the instance's expensive places, or cut at the statement limit. */
  unavailable: number;
  other: number;
  /** Median time of an answered search, ms. */
  answeredMedianMs: number;
}

interface Answer {
  status: number;
  code?: string;
  retryAfterS: number;
  ms: number;
}

function get(agent: http.Agent, url: string, token: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          const status = response.statusCode ?? 0;
          let code: string | undefined;
          if (status >= 400) {
            try {
              code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code;
            } catch {
              code = undefined;
            }
          }
          resolve({ status, code, retryAfterS: Number(response.headers['retry-after'] ?? 0), ms: performance.now() - started });
        });
        response.once('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * HEAVY_PARALLEL searches at once, each sent again as soon as it is answered, until `stop` resolves. Each
 * asks for a page of another size, so that no two are one shared database round (read-rounds.ts): every
 * one is a search of its own. A refused search waits what Retry-After says, as the screens' retry does;
 * a client that did not would spend its minute's request budget in seconds and be stopped by that instead.
 */
export async function fireSearches(baseUrl: string, email: string, stop: Promise<void>): Promise<HeavyAccountResult> {
  const token = await signInAnalyst(baseUrl, email);
  const agent = new http.Agent({ keepAlive: true, maxSockets: HEAVY_PARALLEL });
  let stopped = false;
  void stop.then(() => (stopped = true));
  const answers: Answer[] = [];
  try {
    await Promise.all(
      Array.from({ length: HEAVY_PARALLEL }, async (_, i) => {
        const url = `${baseUrl}${API_PATHS.records}?datePreset=this_year&q=caller&limit=${25 + i}`;
        while (!stopped) {
          const answer = await get(agent, url, token);
          answers.push(answer);
          if (answer.retryAfterS > 0 && !stopped) await Promise.race([stop, new Promise((r) => setTimeout(r, answer.retryAfterS * 1000))]);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const answered = answers.filter((a) => a.status === 200).map((a) => a.ms).sort((a, b) => a - b);
  return {
    sent: answers.length,
    answered: answered.length,
    tooManyConcurrent: answers.filter((a) => a.code === 'TOO_MANY_CONCURRENT').length,
    rateLimited: answers.filter((a) => a.code === 'RATE_LIMITED').length,
    unavailable: answers.filter((a) => a.status === 503).length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 503 && a.status !== 429).length,
    answeredMedianMs: answered[Math.floor(answered.length / 2)] ?? NaN,
  };
}

/**
 * First the analysts alone (accounts of their own: a second run within the minute would find the first's
 * budgets spent), as the row's baseline on this machine at this moment; then the searching account
 * starts, and once its searches fill the server, the other analysts refresh for `seconds`.
 */
export async function measureFairness(
  baseUrl: string,
  {
    analysts,
    firstAnalyst,
    baselineFirstAnalyst,
    heavyAnalyst,
    seconds,
    roundEveryMs,
    refresh,
  }: { analysts: number; firstAnalyst: number; baselineFirstAnalyst: number; heavyAnalyst: number; seconds: number; roundEveryMs: number; refresh: string[] },
): Promise<{ alone: TeamLoadResult; team: TeamLoadResult; heavy: HeavyAccountResult }> {
  const alone = await runTeamLoad(baseUrl, analysts, seconds, refresh, { roundEveryMs, firstAnalyst: baselineFirstAnalyst });
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const heavy = fireSearches(baseUrl, teamEmail(heavyAnalyst), stopped);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const team = await runTeamLoad(baseUrl, analysts, seconds, refresh, { roundEveryMs, firstAnalyst });
    stop();
    return { alone, team, heavy: await heavy };
  } finally {
    stop();
  }
}
