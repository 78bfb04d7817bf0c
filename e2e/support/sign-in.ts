import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Fills the Login screen and presses "Login Now" (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login Now' }).click();
}

export interface SignedInBrowser {
  context: BrowserContext;
  page: Page;
}

export interface SignInOptions {
  /** The address opened signed out; sign-in comes back to it (default /reporting). */
  at?: string;
  viewport?: { width: number; height: number };
}

/**
 * A browser of its own (cookies, storage) for `who`, signed in the way a person is: the address opened
 * signed out sends to /login, the form is filled, and the app brings the person back. Resolves once the page
 * has left /login. Further pages of the returned context share the session (the token is the origin's
 * localStorage), so one person can keep two tabs open. The caller closes the context.
 */
export async function signedInBrowser(browser: Browser, baseURL: string, who: { email: string; password: string }, options: SignInOptions = {}): Promise<SignedInBrowser> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true, viewport: options.viewport ?? { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(options.at ?? '/reporting');
    await page.waitForURL('**/login');
    await submitLogin(page, who.email, who.password);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}
