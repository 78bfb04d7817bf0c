import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Callboard in a phone's hand (390 × 844, touch), in real Chromium against the
 * production build: the sidebar is a drawer, the top bar folds into Filters and
 * takes one row, the cards fit two to a row, the rows of calls, users, payments
 * and scorecard sources are stacked cards (their actions in a row menu), other
 * wide tables scroll inside their own box, keyboard hints are gone and the page
 * never scrolls sideways. And on a laptop (1280 × 800) the frame and the tables
 * are as they were.
 */
let system: System;
let browser: Browser;
/** One signed-in context per screen, shared by the file's tests: each test opens its own page in it. */
let phone: BrowserContext;
let laptop: BrowserContext;
let context: BrowserContext;
let page: Page;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1280, height: 800 } };
// A busy 2-core machine builds, seeds and renders slowly: allow generous waits, never tight ones.
const SLOW = { timeout: 30_000 };
/** The smallest touch target on a narrow screen, in CSS px. */
const TOUCH_PX = 40;

// shared-auth/session keeps the session under `token` and `user`; shared-ui/filter-atoms the filters under `callboard.filters`.
const SESSION_KEYS = ['token', 'user'];
const FILTERS_KEY = 'callboard.filters';

/**
 * A context signed in through the form as the demo admin (on the phone, with the last 30 days chosen in
 * Filters, where every screen has rows). A new context and a sign-in for each test cost most of this
 * file's time (docs/benchmarks.md); instead every page the context opens starts from what that sign-in
 * left in localStorage (the session, and the filters then chosen), whatever an earlier test changed
 * (a campaign picked, Auto Refresh, the sidebar, the columns), so no test leans on another's leftovers.
 */
async function signedInContext(device: typeof PHONE | typeof LAPTOP, datePreset?: string): Promise<BrowserContext> {
  const signedIn = await browser.newContext({ baseURL: system.url, ...device });
  const first = await signedIn.newPage();
  first.setDefaultTimeout(SLOW.timeout);
  await first.goto('/login');
  await submitLogin(first, system.demoAdmin.email, system.demoAdmin.password);
  await first.waitForURL(/\/reporting(\?.*)?$/);
  if (datePreset) await applyDatePreset(first, datePreset);
  const filters = await first.evaluate((key) => localStorage.getItem(key), FILTERS_KEY);
  await first.close();
  // Once per tab (sessionStorage lives as long as the tab), before the app's first script: a reload or a
  // later navigation within a test keeps what the test did, as it would for a person.
  await signedIn.addInitScript(
    ({ keep, filtersKey, filtersValue }) => {
      if (sessionStorage.getItem('e2e-storage-reset')) return;
      sessionStorage.setItem('e2e-storage-reset', '1');
      for (const key of Object.keys(localStorage)) if (!keep.includes(key)) localStorage.removeItem(key);
      if (filtersValue !== null) localStorage.setItem(filtersKey, filtersValue);
    },
    { keep: SESSION_KEYS, filtersKey: FILTERS_KEY, filtersValue: filters },
  );
  return signedIn;
}

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 1500 }), launchChromium()]);
  [phone, laptop] = await Promise.all([signedInContext(PHONE, 'last_30_days'), signedInContext(LAPTOP)]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
afterEach(async () => {
  await page?.close();
});

jest.setTimeout(180_000);

async function open(device: typeof PHONE | typeof LAPTOP) {
  context = device === PHONE ? phone : laptop;
  page = await context.newPage();
  page.setDefaultTimeout(SLOW.timeout);
}

/** Opens Reporting, where the sign-in lands, signed in as the demo admin; resolves once the frame is drawn. */
async function signIn() {
  await page.goto('/reporting');
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await Promise.all([page.getByRole('button', { name: /^Filters/ }).waitFor(), page.locator('main').waitFor()]);
}

const menuButton = () => page.getByRole('button', { name: /^(Open|Close) navigation$/ });
const mainNav = () => page.getByRole('navigation', { name: 'Main' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} is not drawn`);
  return found;
}

/** Neither the document nor the main area (the frame's scroller) is wider than the screen. */
async function expectNoSidewaysScroll() {
  const widths = await page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : Number.NaN,
    };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.main).toBe(0);
}

/** Waits for the element's entrance animations (a panel sliding in, a dialog rising) to end. */
async function settled(locator: Locator) {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

/** Whole inside the screen's width once it has come to rest: nothing cut at either edge. */
async function expectWithinWidth(locator: Locator) {
  await settled(locator);
  const { x, width } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(PHONE.viewport.width);
}

/**
 * A table wider than its box scrolls sideways inside it: the box stays within the screen, it scrolls,
 * and scrolling it leaves the page where it was.
 */
async function expectScrollsInsideItsBox(table: Locator) {
  const scroller = table.locator('xpath=..');
  await expectWithinWidth(scroller);
  const { overflow, scrolled } = await scroller.evaluate((element) => {
    const overflow = element.scrollWidth - element.clientWidth;
    element.scrollLeft = 200;
    return { overflow, scrolled: element.scrollLeft };
  });
  expect(overflow).toBeGreaterThan(0);
  expect(scrolled).toBeGreaterThan(0);
  await expectNoSidewaysScroll();
}

/** The table's own box does not scroll sideways either: its rows fit the screen as they are. */
async function expectNoScrollInsideItsBox(table: Locator) {
  const scroller = table.locator('xpath=..');
  await expectWithinWidth(scroller);
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
}

/** Drawn (not display: none, not clipped to nothing) and whole inside the screen's width. */
async function expectShownWithinWidth(locator: Locator) {
  expect(await locator.isVisible()).toBe(true);
  const { x, width } = await box(locator);
  expect(width).toBeGreaterThan(1);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(PHONE.viewport.width);
}

/**
 * The roles Chromium itself gives the table, its first row and that row's cells (its accessibility
 * tree, through the DevTools protocol, not Playwright's reading of the tags): a row drawn as a card
 * must still be a row of a table for a screen reader.
 */
async function chromiumTableRoles(table: Locator) {
  await table.evaluate((element) => element.setAttribute('data-ax-probe', 'table'));
  await table.locator('tbody tr').first().evaluate((element) => element.setAttribute('data-ax-probe', 'row'));
  const session = await context.newCDPSession(page);
  const { root } = await session.send('DOM.getDocument', { depth: 0 });
  const roleOf = async (selector: string) => {
    const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await session.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    return nodes[0]?.role?.value as string | undefined;
  };
  const roles = {
    table: await roleOf('[data-ax-probe="table"]'),
    row: await roleOf('[data-ax-probe="row"]'),
    cell: await roleOf('[data-ax-probe="row"] > td'),
  };
  await session.detach();
  return roles;
}

/** Opens a row's menu (the actions of a row drawn as a card) and returns the menu. */
async function openRowMenu(row: Locator) {
  const trigger = row.getByRole('button', { name: /^Actions for / });
  await expectShownWithinWidth(trigger);
  expect((await box(trigger)).height).toBeGreaterThanOrEqual(TOUCH_PX);
  await trigger.click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await expectWithinWidth(menu);
  return menu;
}

/** The shell's top bar: the row holding Filters. */
const topBar = () => page.getByRole('button', { name: /^Filters/ }).locator('xpath=ancestor::div[contains(@class, "top-bar")][last()]');

/** Every drawn control of the top bar sits in one row: their vertical centres agree, and the bar is one control high. */
async function expectOneRow(bar: Locator) {
  const { centres, height } = await bar.evaluate((element) => ({
    centres: [...element.querySelectorAll('button, select, [role="status"]')]
      .filter((control) => control.getClientRects().length > 0)
      .map((control) => {
        const rect = control.getBoundingClientRect();
        return Math.round(rect.top + rect.height / 2);
      }),
    height: element.getBoundingClientRect().height,
  }));
  expect(centres.length).toBeGreaterThanOrEqual(4);
  expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);
  // A 40 px control and the bar's padding: one row, not two.
  expect(height).toBeLessThanOrEqual(TOUCH_PX + 20);
}

/** Every visible control in `scope` is at least a finger's size high and wide. */
async function expectTouchSized(scope: Locator) {
  const small = await scope.locator('button, a[href], select, input:not([type="checkbox"]):not([type="radio"])').evaluateAll((elements, min) =>
    elements
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.height < min || rect.width < min)
      .map(({ name, rect }) => `${name}: ${Math.round(rect.width)}×${Math.round(rect.height)}`),
  TOUCH_PX);
  expect(small).toEqual([]);
}

test('Reporting on a phone: no sideways scroll, every card whole and two to a row, the records table scrolls in its card', async () => {
  await open(PHONE);
  await signIn();
  const stats = page.getByRole('region', { name: 'Statistics', exact: true });
  await page.getByText('Loading stats...').waitFor({ state: 'detached' });
  const cards = stats.getByRole('article');
  await cards.first().getByTestId('stats-count').waitFor();
  await expectNoSidewaysScroll();

  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(17);
  const boxes = [];
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    await expectWithinWidth(card);
    // Nothing inside a card is cut: its content is no wider than the card.
    expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    boxes.push(await box(card));
  }
  // Two to a row: cards 1 and 2 side by side, card 3 starting the next row under card 1.
  const [first, second, third] = boxes as [(typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0]];
  expect(Math.round(second.y)).toBe(Math.round(first.y));
  expect(second.x).toBeGreaterThan(first.x + first.width);
  expect(third.y).toBeGreaterThan(first.y + first.height);
  expect(Math.round(third.x)).toBe(Math.round(first.x));

  const records = page.getByRole('table', { name: 'Call records' });
  await records.locator('tbody tr').first().waitFor();
  await records.scrollIntoViewIfNeeded();
  await expectWithinWidth(page.getByRole('region', { name: 'Call Records' }));
  await expectNoScrollInsideItsBox(records);
});

test("Reporting's records on a phone are cards: time, caller, publisher and status on every row, the actions in its menu", async () => {
  await open(PHONE);
  await signIn();
  const records = page.getByRole('table', { name: 'Call records' });
  const rows = records.locator('tbody tr');
  await rows.first().waitFor();
  await expectNoSidewaysScroll();
  await expectNoScrollInsideItsBox(records);

  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    await row.scrollIntoViewIfNeeded();
    await expectShownWithinWidth(row);
    // Nothing in the card is cut at its right edge.
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await expectShownWithinWidth(row.locator('time'));
    await expectShownWithinWidth(row.locator('.records__cell--callerId'));
    await expectShownWithinWidth(row.locator('.records__cell--publisherName'));
    await expectShownWithinWidth(row.locator('.cb-status, .cb-status-empty'));
    // The desktop's inline buttons give way to the row's menu.
    await expect(row.getByRole('button', { name: 'View Details' }).isVisible()).resolves.toBe(false);
  }

  // Still a table to a screen reader, in Chromium's own accessibility tree.
  expect(await chromiumTableRoles(records)).toEqual({ table: 'table', row: 'row', cell: 'cell' });

  const menu = await openRowMenu(rows.first());
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['View Details', 'Copy JSON']);
  await menu.getByRole('menuitem', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: /Call Record Details/ });
  await details.waitFor();
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });
});

test('Call Logs on a phone: each call a card with its time, caller, publisher, status and money; no keyboard hints', async () => {
  await open(PHONE);
  await signIn();

  await page.goto('/callLogs');
  const log = page.getByRole('table', { name: 'Call log' });
  const rows = log.locator('tbody tr:not([aria-hidden])');
  await rows.first().waitFor();
  await expectNoSidewaysScroll();
  await expectNoScrollInsideItsBox(log);
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < Math.min(count, 12); index += 1) {
    const row = rows.nth(index);
    await row.scrollIntoViewIfNeeded();
    await expectShownWithinWidth(row);
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    for (const cell of ['.calllogs__time', '.calllogs__mono', '.calllogs__status', '.calllogs__publisher', '.calllogs__money']) {
      await expectShownWithinWidth(row.locator(cell).first());
    }
  }
  expect(await chromiumTableRoles(log)).toEqual({ table: 'table', row: 'row', cell: 'cell' });
  // A tap on a card opens its call, as a click on a row does.
  await rows.first().locator('.calllogs__time').click();
  await page.waitForURL(/\/callLogs\/calls\//);
  // j / k / Enter mean nothing without a keyboard.
  await expect(page.getByLabel('Keyboard shortcuts').isVisible()).resolves.toBe(false);
});

test('Users on a phone: each user a card with name, email, role and status; Edit and Delete in its menu', async () => {
  await open(PHONE);
  await signIn();
  await page.goto('/users');
  const users = page.getByRole('table', { name: 'Users' });
  const rows = users.locator('tbody tr');
  await rows.first().waitFor();
  await expectNoSidewaysScroll();
  await expectNoScrollInsideItsBox(users);
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    await row.scrollIntoViewIfNeeded();
    await expectShownWithinWidth(row);
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await expectShownWithinWidth(row.getByText(/^(Admin|Reviewer|User|Partner)$/));
    await expectShownWithinWidth(row.getByText(/^(Active|Inactive)$/));
  }

  // A reviewer's row (not the admin's own) offers both; Edit opens the dialog, filled, on the screen.
  const other = rows.filter({ hasText: 'Reviewer' }).first();
  const name = (await other.locator('.users-table__name-text').textContent()) ?? '';
  const menu = await openRowMenu(other);
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Edit', 'Delete']);
  await menu.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.waitFor();
  await expectWithinWidth(dialog);
  expect(await dialog.getByLabel('Name').inputValue()).toBe(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await (await openRowMenu(other)).getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByText('Are you sure you want to delete this user?').waitFor();
});

test('Costs on a phone: the breakdown scrolls inside its card, the empty payment history says so on the screen', async () => {
  await open(PHONE);
  await signIn();
  await page.getByRole('link', { name: 'Costs' }).click();
  const breakdown = page.getByRole('table').first();
  await breakdown.locator('tbody tr').first().waitFor();
  await expectNoSidewaysScroll();
  await expectScrollsInsideItsBox(breakdown);

  // The demo records no payments: the empty state is whole on the screen and centred on it.
  const payments = page.getByRole('table', { name: 'Payment history' });
  const empty = payments.getByText('No payments yet');
  await empty.scrollIntoViewIfNeeded();
  await expectNoScrollInsideItsBox(payments);
  await expectShownWithinWidth(empty);
  await expectShownWithinWidth(payments.getByText(/appears here\.$/));
  const { x, width } = await box(empty);
  expect(Math.abs(x + width / 2 - PHONE.viewport.width / 2)).toBeLessThanOrEqual(20);
  await expectNoSidewaysScroll();
});

test('the scorecard on a phone: a card per source with its figures, the first twenty, then the rest on request', async () => {
  await open(PHONE);
  await signIn();
  await page.getByRole('link', { name: 'Scorecard' }).click();
  const table = page.getByRole('table', { name: 'Scorecard by publisher' });
  const rows = table.locator('tbody tr');
  await rows.first().waitFor();
  await expectNoSidewaysScroll();
  await expectNoScrollInsideItsBox(table);
  const all = await rows.count();
  // The demo's last 30 days have calls from far more publishers than a phone shows at once.
  expect(all).toBeGreaterThan(20);
  const shown = rows.filter({ visible: true });
  expect(await shown.count()).toBe(20);
  for (let index = 0; index < 20; index += 1) {
    const row = shown.nth(index);
    await row.scrollIntoViewIfNeeded();
    await expectShownWithinWidth(row);
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    // Calls, Sales rate and Profit, each drawn whole and named before it, as no header is drawn above it.
    const figures = await row.locator('td[data-card-label]').evaluateAll((cells, screen) =>
      cells
        .filter((cell) => cell.getClientRects().length > 0)
        .map((cell) => {
          const rect = cell.getBoundingClientRect();
          const named = !['none', 'normal'].includes(getComputedStyle(cell, '::before').content);
          return { label: cell.getAttribute('data-card-label'), named, whole: rect.left >= 0 && rect.right <= screen && cell.scrollWidth <= cell.clientWidth };
        }),
    PHONE.viewport.width);
    const key = ['Calls', 'Sales rate', 'Profit'];
    expect(figures.filter(({ label }) => key.includes(label ?? ''))).toEqual(key.map((label) => ({ label, named: true, whole: true })));
    // Any other share shown is one past its threshold, drawn and named the same way.
    for (const other of figures.filter(({ label }) => !key.includes(label ?? ''))) expect(other).toMatchObject({ named: true, whole: true });
  }
  const list = await box(page.getByRole('region', { name: 'Scorecard' }));
  expect(list.height).toBeLessThan(3 * PHONE.viewport.height);

  const more = page.getByRole('button', { name: `Show all ${all} publishers` });
  await more.click();
  await eventually(() => shown.count(), all);
  await expectNoSidewaysScroll();
  // A tap on a card opens Reporting for that source, as a click on a row does.
  await shown.first().click();
  await page.waitForURL(/\/reporting\?.*publisher=/);
});

test('the top bar on a phone is one compact row, with Auto Refresh off and on', async () => {
  await open(PHONE);
  await signIn();
  await expectOneRow(topBar());
  await page.getByRole('switch', { name: 'Auto Refresh' }).click();
  await page.getByRole('status').filter({ hasText: /^(Live|Polling)$/ }).waitFor();
  await expectOneRow(topBar());
  await expectNoSidewaysScroll();
});

test('the sidebar is a drawer behind the menu button: it opens over the page, navigates, and closes', async () => {
  await open(PHONE);
  await signIn();
  // Closed, it is off the screen and out of reach.
  await expect(mainNav().isVisible()).resolves.toBe(false);
  expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(await menuButton().getAttribute('aria-label')).toBe('Open navigation');
  await expectTouchSized(page.getByRole('banner'));

  await menuButton().click();
  expect(await menuButton().getAttribute('aria-label')).toBe('Close navigation');
  expect(await menuButton().getAttribute('aria-expanded')).toBe('true');
  await eventually(async () => (await box(mainNav())).x, 0);
  await expectWithinWidth(mainNav());
  // Focus went into it, on the current area; every item is a finger's size.
  expect(await mainNav().getByRole('link', { name: 'Reporting' }).evaluate((link) => link === document.activeElement)).toBe(true);
  await expectTouchSized(mainNav());

  await mainNav().getByRole('link', { name: 'Call Logs' }).click();
  await page.waitForURL(/\/callLogs(\?.*)?$/);
  expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(await menuButton().evaluate((button) => button === document.activeElement)).toBe(true);
  await page.getByRole('heading', { name: 'Call Logs', exact: true }).waitFor();
  await mainNav().waitFor({ state: 'hidden' });

  // Escape closes it, and so does a tap on the page beside it.
  await menuButton().click();
  await mainNav().waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await mainNav().waitFor({ state: 'hidden' });
  expect(await menuButton().evaluate((button) => button === document.activeElement)).toBe(true);

  await menuButton().click();
  await mainNav().waitFor({ state: 'visible' });
  await page.mouse.click(PHONE.viewport.width - 20, PHONE.viewport.height / 2);
  await mainNav().waitFor({ state: 'hidden' });
  expect(page.url()).toMatch(/\/callLogs(\?.*)?$/);
});

test('the top bar folds into Filters: the panel fits the screen and opens a picker; Auto Refresh stays in reach', async () => {
  await open(PHONE);
  await signIn();
  await expectNoSidewaysScroll();
  // The pickers and the date chip are folded away; Filters and Auto Refresh are there, finger-sized.
  await expect(page.getByRole('group', { name: 'Selections' }).isVisible()).resolves.toBe(false);
  await expect(page.getByRole('button', { name: /^Date range:/ }).isVisible()).resolves.toBe(false);
  const autoRefresh = page.getByRole('switch', { name: 'Auto Refresh' });
  await expectWithinWidth(autoRefresh);
  await expectWithinWidth(page.getByRole('combobox', { name: 'Refresh interval' }));
  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  await expectWithinWidth(filtersButton);
  await expectTouchSized(filtersButton.locator('xpath=../..'));
  await autoRefresh.click();
  expect(await autoRefresh.getAttribute('aria-checked')).toBe('true');
  // On, it grows an interval and a Live (or Polling) pill: still all on the screen.
  await expectWithinWidth(page.getByRole('status').filter({ hasText: /^(Live|Polling)$/ }));

  await filtersButton.click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expectWithinWidth(panel);
  await expectWithinWidth(panel.getByLabel('Date Preset'));
  const selections = panel.getByRole('region', { name: 'Selections' });
  await expectTouchSized(selections);
  await selections.getByRole('button', { name: 'Campaigns' }).click();

  const picker = page.getByRole('dialog', { name: 'Campaigns' });
  await picker.getByRole('checkbox').first().waitFor();
  await expectWithinWidth(picker);
  await expectTouchSized(picker.getByRole('button', { name: /^Apply/ }).locator('xpath=..'));
  expect((await box(picker.getByRole('checkbox').first().locator('xpath=ancestor::label[1]'))).height).toBeGreaterThanOrEqual(TOUCH_PX);
  await picker.getByRole('checkbox').first().check();
  await picker.getByRole('button', { name: /^Apply/ }).click();
  await picker.waitFor({ state: 'detached' });
  // One campaign chosen: Filters counts it, and the picker gave focus back to Filters.
  expect(await filtersButton.getAttribute('aria-label')).toBe('Filters, 2 active');
  expect(await filtersButton.evaluate((button) => button === document.activeElement)).toBe(true);
  await expectNoSidewaysScroll();
});

test('the call details and column settings dialogs fit a phone', async () => {
  await open(PHONE);
  await signIn();
  const records = page.getByRole('table', { name: 'Call records' });
  await records.locator('tbody tr').first().click();
  const details = page.getByRole('dialog', { name: /Call Record Details/ });
  await details.waitFor();
  await expectWithinWidth(details);
  expect(await details.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Columns' }).click();
  const columns = page.getByRole('dialog', { name: 'Column Settings' });
  await columns.waitFor();
  await expectWithinWidth(columns);
  expect(await columns.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
});

test('on a laptop the frame is unchanged: a 220 px sidebar collapsing to 80 px, the pickers in the top bar, no menu button', async () => {
  await open(LAPTOP);
  await signIn();

  const width = async () => Math.round((await box(mainNav())).width);
  await eventually(width, 220);
  expect((await box(mainNav())).x).toBe(0);
  await expect(menuButton().isVisible()).resolves.toBe(false);
  await expect(page.getByRole('group', { name: 'Selections' }).getByRole('button', { name: 'Campaigns' }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole('button', { name: /^Date range:/ }).isVisible()).resolves.toBe(true);

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await eventually(width, 80);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await eventually(width, 220);

  // The filters panel leaves the pickers to the top bar here.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.waitFor();
  await expect(panel.getByRole('region', { name: 'Selections' }).isVisible()).resolves.toBe(false);
});

test('on a laptop the tables are tables: headers drawn, rows one line, inline actions, keyboard hints shown', async () => {
  await open(LAPTOP);
  await signIn();
  const records = page.getByRole('table', { name: 'Call records' });
  const row = records.locator('tbody tr').first();
  await row.waitFor();
  await expect(records.getByRole('columnheader', { name: 'Status' }).isVisible()).resolves.toBe(true);
  expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('table-row');
  await expect(row.getByRole('button', { name: 'View Details' }).isVisible()).resolves.toBe(true);
  await expect(row.getByRole('button', { name: /^Actions for / }).isVisible()).resolves.toBe(false);
  // The row opens from the keyboard as before.
  await row.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: /Call Record Details/ }).waitFor();
  await page.keyboard.press('Escape');

  await page.goto('/callLogs');
  await page.getByRole('table', { name: 'Call log' }).locator('tbody tr').first().waitFor();
  await expect(page.getByLabel('Keyboard shortcuts').isVisible()).resolves.toBe(true);
});
