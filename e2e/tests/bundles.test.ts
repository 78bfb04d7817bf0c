import { FRONT_END_HOST, REMOTES } from '@callboard/contract';
import type { Browser } from 'playwright-core';
import { appStarted } from '../../api/src/bench/sign-in-probe';
import { launchChromium } from '../support/browser';
import { startSystem, type System } from '../support/system';
import { submitLogin } from '../support/sign-in';

/**
 * The bundle budgets (docs/decisions/0011-bundle-budgets.md) at run time: what a browser really downloads to show /login, and
 * that every shared package exists once however many areas have loaded.
 * (The build checks the same budgets from its chunk graph; this is the proof.)
 */
let system: System;
let browser: Browser;

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

const LOGIN_JS_BUDGET_BYTES = 160 * 1024;

test('the JS downloaded to start the app on /login stays within 160 KB compressed, and no remote is fetched', async () => {
  const page = await browser.newPage({ baseURL: system.url });
  const scripts: { url: string; bytes: number; encoding?: string }[] = [];
  // Each script's size is asked of the browser after it finished loading; every answer is awaited before
  // the sum (and before the page closes): a slow answer was otherwise left out of the total, or rejected
  // once the page had closed and failed whichever test was running then.
  const sizing: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizing.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        scripts.push({ url: request.url(), bytes: sizes.responseBodySize, encoding: response?.headers()['content-encoding'] });
      })(),
    );
  });
  let scriptsRequested = 0;
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptsRequested += 1;
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') failed.push(request.url());
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Login Now' }).waitFor();
  // The served form needs no script of the app: that starts when the person does (a pointer moving over the page).
  expect(scriptsRequested).toBe(0);
  await page.mouse.move(10, 10);
  await appStarted(page);
  // Taken over: every script of the first render was requested; the sum waits for each to finish.
  while (sizing.length + failed.length < scriptsRequested) await page.waitForTimeout(50);
  // Nothing more is sized: a script finishing from here on would be asked its size of a closing page.
  page.removeAllListeners('requestfinished');
  await Promise.all(sizing);
  expect(failed).toEqual([]);

  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.url.includes('/remotes/'))).toEqual([]);
  // Anything large is sent compressed (the build writes .br/.gz beside each asset).
  expect(scripts.filter((s) => s.bytes > 2048 && !s.encoding)).toEqual([]);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  await page.close();
});

test('react, react-dom, the router, jotai, swr, the toaster, our shared packages and the federation runtime exist once at run time', async () => {
  const page = await browser.newPage({ baseURL: system.url });
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  for (const [link, heading] of [['Call Logs', 'Call Logs'], ['Users', 'User Management'], ['Reporting', 'Reporting']]) {
    await page.getByRole('link', { name: link }).click();
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  }

  // Every federation instance (the shell and each remote) records which build provided each shared module it used.
  // The core libraries and the session come from the shell, which loads them first.
  const providers = await page.evaluate(() => {
    const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: { name: string; shareScopeMap: Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>> }[] } }).__FEDERATION__;
    const found: Record<string, string[]> = {};
    for (const instance of federation.__INSTANCES__) {
      for (const packages of Object.values(instance.shareScopeMap)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded) (found[name] ??= []).push(`${info.from}@${version}`);
          }
        }
      }
    }
    // One federation runtime (decision 0028): the shell put its runtime-core on the page, and every
    // instance, the remotes' included, was made by that one (a remote with its own copy would not be).
    const runtime = window as unknown as { _FEDERATION_RUNTIME_CORE?: { ModuleFederation: new (...args: never[]) => unknown }; _FEDERATION_RUNTIME_CORE_FROM?: { name: string } };
    const madeByTheOneRuntime = federation.__INSTANCES__
      .filter((instance) => runtime._FEDERATION_RUNTIME_CORE && instance instanceof runtime._FEDERATION_RUNTIME_CORE.ModuleFederation)
      .map((instance) => instance.name)
      .sort();
    return { instances: federation.__INSTANCES__.map((i) => i.name).sort(), found, runtimeFrom: runtime._FEDERATION_RUNTIME_CORE_FROM?.name, madeByTheOneRuntime };
  });

  expect(providers.instances).toEqual([FRONT_END_HOST, ...REMOTES].map((app) => app.federationName).sort());
  expect(providers.runtimeFrom).toBe(FRONT_END_HOST.federationName);
  expect(providers.madeByTheOneRuntime).toEqual(providers.instances);
  for (const name of ['react', 'react-dom', '@callboard/shared-router', 'jotai', 'swr', 'react-hot-toast', '@callboard/contract', '@callboard/shared-auth/session', '@callboard/shared-ui/ui-atoms']) {
    expect([name, [...new Set(providers.found[name])]]).toEqual([name, [expect.stringMatching(/^shell@/)]]);
  }
  // A shared module the shell never imports (a badge only Reporting uses) comes from the first
  // remote that needed it — but from that one only: every shared module has exactly one provider.
  const withSeveralProviders = Object.entries(providers.found).filter(([, from]) => new Set(from).size !== 1);
  expect(withSeveralProviders).toEqual([]);
  await page.close();
});
