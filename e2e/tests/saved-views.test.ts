import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Saved views between two people, in real Chromium against the production
 * build: the demo admin saves the filters on screen as a shared view, and a
 * colleague in a browser of their own finds it in the Views menu and opens it.
 */
let system: System;
let browser: Browser;
const contexts: BrowserContext[] = [];

const MEMBER = { name: 'Vera Viewer', email: 'vera@example.com', password: 's3cret-pass' };

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 50 }), launchChromium()]);
  // The colleague's account, made through the API as the admin: the test is about the views.
  const login = await fetch(`${system.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(system.demoAdmin),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const created = await fetch(`${system.url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
    body: JSON.stringify({ ...MEMBER, role: 'user' }),
  });
  if (created.status !== 201) throw new Error(`creating the colleague failed: ${created.status} ${await created.text()}`);
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A browser of its own (cookies, storage), signed in and on Reporting. */
async function signedIn(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: system.url });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, email, password);
  await page.waitForURL('**/reporting');
  return page;
}

async function openViewsMenu(page: Page) {
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Views' });
  await menu.getByRole('heading', { name: 'My views' }).waitFor();
  return menu;
}

test("a view the admin shares appears in a colleague's Views menu, and opening it shows its filters", async () => {
  const admin = await signedIn(system.demoAdmin.email, system.demoAdmin.password);
  await applyDatePreset(admin, 'last_30_days');
  await admin.getByRole('button', { name: 'Date range: Last 30 Days' }).waitFor();

  await (await openViewsMenu(admin)).getByRole('button', { name: 'Save current view' }).click();
  const save = admin.getByRole('dialog', { name: 'Save view' });
  await save.getByLabel('Name').fill('Last month, team');
  await save.getByLabel('Share with the team').check();
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  await admin.getByText('View saved').waitFor();
  await save.waitFor({ state: 'detached' });
  // The admin's own menu lists it among theirs, marked shared.
  const adminMenu = await openViewsMenu(admin);
  await adminMenu.getByRole('region', { name: 'My views' }).getByRole('button', { name: /^Last month, team\s*Shared$/ }).waitFor();

  const colleague = await signedIn(MEMBER.email, MEMBER.password);
  // A fresh browser starts on today's figures.
  await colleague.getByRole('button', { name: 'Date range: Today' }).waitFor();
  const menu = await openViewsMenu(colleague);
  const shared = menu.getByRole('region', { name: 'Shared views' });
  const view = shared.getByRole('button', { name: /^Last month, team/ });
  await view.waitFor();
  expect(await view.textContent()).toContain('by ');
  expect(await menu.getByRole('region', { name: 'My views' }).textContent()).toContain('No saved views yet.');

  await view.click();
  await colleague.waitForURL(/\/reporting\?.*datePreset=last_30_days/);
  await colleague.getByRole('button', { name: 'Date range: Last 30 Days' }).waitFor();
  await colleague.getByRole('button', { name: 'Filters, 1 active' }).waitFor();
  // Nobody renames or deletes another person's view from this menu (the colleague is no admin).
  const reopened = await openViewsMenu(colleague);
  expect(await reopened.getByRole('button', { name: /^(Rename|Delete) / }).count()).toBe(0);
});

test('the view made my default is what a bare address opens, in a fresh browser too, until it is unset', async () => {
  const page = await signedIn(MEMBER.email, MEMBER.password);
  await applyDatePreset(page, 'last_7_days');
  await (await openViewsMenu(page)).getByRole('button', { name: 'Save current view' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByLabel('Name').fill('My week');
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  await save.waitFor({ state: 'detached' });
  const menu = await openViewsMenu(page);
  await menu.getByRole('button', { name: 'Make My week my default view' }).click();
  await page.getByText('Default view set').waitFor();
  await menu.getByRole('button', { name: /^My week\s*Default$/ }).waitFor();

  // Another browser (no last used filters of its own) signs in to the bare /reporting: the default opens.
  const elsewhere = await signedIn(MEMBER.email, MEMBER.password);
  await elsewhere.waitForURL(/\/reporting\?datePreset=last_7_days$/);
  await elsewhere.getByRole('button', { name: 'Date range: Last 7 Days' }).waitFor();
  // The sidebar's link is a bare address too.
  await elsewhere.getByRole('link', { name: 'Call Logs' }).click();
  await applyDatePreset(elsewhere, 'yesterday');
  await elsewhere.getByRole('link', { name: 'Reporting' }).click();
  await elsewhere.getByRole('button', { name: 'Date range: Last 7 Days' }).waitFor();

  await (await openViewsMenu(elsewhere)).getByRole('button', { name: 'Unset My week as my default view' }).click();
  await elsewhere.getByText('Default view unset').waitFor();
  const third = await signedIn(MEMBER.email, MEMBER.password);
  await third.getByRole('button', { name: 'Date range: Today' }).waitFor();
});
