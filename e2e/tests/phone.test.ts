import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Callboard in a phone's hand (390 × 844, touch), in real Chromium against the
 * production build: the sidebar is a drawer, the top bar folds into Filters,
 * the cards fit two to a row, wide tables scroll inside their own box and the
 * page never scrolls sideways. And on a laptop (1280 × 800) the frame is as it was.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1280, height: 800 } };
// A busy 2-core machine builds, seeds and renders slowly: allow generous waits, never tight ones.
const SLOW = { timeout: 30_000 };
/** The smallest touch target on a narrow screen, in CSS px. */
const TOUCH_PX = 40;

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 1500 }), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
afterEach(async () => {
  await context?.close();
});

jest.setTimeout(180_000);

async function open(device: typeof PHONE | typeof LAPTOP) {
  context = await browser.newContext({ baseURL: system.url, ...device });
  page = await context.newPage();
  page.setDefaultTimeout(SLOW.timeout);
}

/** Signs in as the demo admin and looks at the last 30 days, where every screen has rows. */
async function signIn() {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await applyDatePreset(page, 'last_30_days');
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
  await expectScrollsInsideItsBox(records);
});

test('Call Logs and Users on a phone: no sideways scroll, and their tables scroll inside their box', async () => {
  await open(PHONE);
  await signIn();

  await page.goto('/callLogs');
  const log = page.getByRole('table', { name: 'Call log' });
  await log.locator('tbody tr').first().waitFor();
  await expectNoSidewaysScroll();
  await expectScrollsInsideItsBox(log);

  await page.goto('/users');
  const users = page.getByRole('table', { name: 'Users' });
  await users.locator('tbody tr').first().waitFor();
  await expectNoSidewaysScroll();
  await expectScrollsInsideItsBox(users);
});

test('the costs tables scroll inside their cards on a phone', async () => {
  await open(PHONE);
  await signIn();
  await page.getByRole('link', { name: 'Costs' }).click();
  const breakdown = page.getByRole('table').first();
  await breakdown.locator('tbody tr').first().waitFor();
  await expectNoSidewaysScroll();
  for (const table of await page.getByRole('table').all()) await expectScrollsInsideItsBox(table);
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
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);

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
