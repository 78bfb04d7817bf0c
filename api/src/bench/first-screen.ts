/**
 * The first screen (docs/benchmarks.md, "The first screen"; docs/decisions/0029-first-screen-in-the-html.md),
 * measured against the production build served by the API on the demo data, as `npm start` runs it:
 * - Lighthouse (mobile, its default simulated throttling) on /login: the performance score, LCP, TBT,
 *   FCP and the bytes transferred, each the median of the runs;
 * - signing in: from the click on Login Now to the statistics and the first records row painted, in
 *   Chromium (api/src/bench/sign-in-probe.ts).
 * Both drive Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium); the server runs on an
 * embedded database under bench/tmp/first-screen, seeded with the demo data on the first run and reused.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOGIN_SCREEN } from '@callboard/contract';
import { startBenchServer } from './bench-server';
import { int, ms, type BenchRow } from './report';
import { timeSignIn } from './sign-in-probe';
import { summarise } from './timing';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless Chromium on a machine without a display, a sandbox or a GPU, and without dialling out. */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
/** Lighthouse's runs vary by a few points; its own guidance is the median of five. */
const LIGHTHOUSE_RUNS = 5;
const SIGN_IN_RUNS = 9;
/** The first start seeds the demo's 50,000 calls into the embedded database before it answers. */
const FIRST_START_MS = 600_000;

export type RecordRow = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => void;

interface LighthouseFigures {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  bytes: number;
}

async function auditLogin(url: string): Promise<LighthouseFigures> {
  // Both are ES modules; the API is CommonJS.
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}`);
      return value;
    };
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
      bytes: metric('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  return summarise(values).median;
}

export async function measureFirstScreen(root: string, record: RecordRow, log: (line: string) => void): Promise<void> {
  if (!existsSync(path.join(root, 'shell', 'dist', LOGIN_SCREEN.file))) {
    throw new Error(`the front end is not built with its first screen (no shell/dist/${LOGIN_SCREEN.file}): run npm run build`);
  }
  const dataDir = path.join(root, 'bench', 'tmp', 'first-screen');
  mkdirSync(dataDir, { recursive: true });
  log('\n== first screen: starting the server on the demo data (the first run seeds it)');
  const server = await startBenchServer({ DATA_DIR: dataDir, WEB_ROOT: root }, FIRST_START_MS);
  try {
    const email = 'admin@callboard.demo';
    const password = readFileSync(path.join(dataDir, 'demo-admin-password'), 'utf8').trim();

    log(`== first screen: Lighthouse on ${LOGIN_SCREEN.path}, ${LIGHTHOUSE_RUNS} runs`);
    const audits: LighthouseFigures[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) audits.push(await auditLogin(`${server.url}${LOGIN_SCREEN.path}`));
    const of = (key: keyof LighthouseFigures) => median(audits.map((audit) => audit[key]));
    const section = 'first screen';
    record(section, `Lighthouse mobile ${LOGIN_SCREEN.path}: performance score (median of ${LIGHTHOUSE_RUNS})`, 'score', String(of('score')), '≥ 90');
    record(section, `Lighthouse mobile ${LOGIN_SCREEN.path}: largest contentful paint`, 'ms', int(of('lcp')), '≤ 1,500');
    record(section, `Lighthouse mobile ${LOGIN_SCREEN.path}: first contentful paint`, 'ms', int(of('fcp')));
    record(section, `Lighthouse mobile ${LOGIN_SCREEN.path}: total blocking time`, 'ms', int(of('tbt')));
    record(section, `Lighthouse mobile ${LOGIN_SCREEN.path}: bytes transferred`, 'KiB', int(of('bytes') / 1024));

    log(`== first screen: signing in, ${SIGN_IN_RUNS} runs after one warm-up`);
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS.slice(1) });
    try {
      const samples: number[] = [];
      for (let i = 0; i <= SIGN_IN_RUNS; i += 1) {
        // A browser with nothing cached, as at a first sign-in.
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 1000 } });
        try {
          const page = await context.newPage();
          await page.goto(LOGIN_SCREEN.path);
          // As a person: the app starts as they begin to type, and loads while they do.
          const elapsed = await timeSignIn(page, { email, password });
          if (i > 0) samples.push(elapsed);
        } finally {
          await context.close();
        }
      }
      record(section, 'sign-in → statistics and first records row painted (demo data)', 'ms', ms(summarise(samples)), 'median ≤ 1,500');
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
