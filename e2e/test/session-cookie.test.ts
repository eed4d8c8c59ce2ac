/**
 * The session over the whole stack in Chromium: the refresh token lives in an
 * HttpOnly cookie no script can read, the access token only in the page's memory; a reload
 * restores the session through the cookie; several tabs share it without tripping the reuse
 * detection; a logout in one tab signs the others out.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { http } from '@postwright/platform/src/testing';
import { sharedBrowser, newPage, signUp } from '../src/browser';

jest.setTimeout(120_000);

const REFRESH_COOKIE = '__Secure-postwright_refresh';

/** one Chromium for the file's journeys, each in its own context */
const browser = sharedBrowser();

const welcomed = (page: Page, firstName: string) => page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${firstName}$`) }).waitFor();

const refreshCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === REFRESH_COOKIE);

/** Everything scripts can see of the session: document.cookie and both web storages. */
function scriptVisible(page: Page) {
  return page.evaluate(() => {
    const dump = (store: Storage) => Object.fromEntries(Object.keys(store).map((k) => [k, store.getItem(k)]));
    return { cookie: document.cookie, local: dump(localStorage), session: dump(sessionStorage) };
  });
}

describe('the session in an HttpOnly cookie', () => {
  test('sign in, reload: still signed in through the cookie, which no script can read and no storage holds; logout, reload: signed out', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const signupAnswer = page.waitForResponse((res) => res.url().endsWith('/api/auth/signup'));
      await signUp(page, 'Radia');
      const { tokens } = (await (await signupAnswer).json()) as { tokens: { accessToken: string; refreshToken: string } };

      const cookie = await refreshCookie(context);
      expect(cookie).toMatchObject({ value: tokens.refreshToken, path: '/api/auth', httpOnly: true, secure: true, sameSite: 'Strict' });
      // the cookie lives as long as the refresh token (30 days by default), not for the browser session only
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      const refreshed = page.waitForResponse((res) => res.url().endsWith('/api/auth/refresh'));
      await page.reload();
      await welcomed(page, 'Radia');
      expect((await refreshed).status()).toBe(200);
      const rotated = await refreshCookie(context);
      expect(rotated?.value).toBeTruthy();
      expect(rotated!.value).not.toBe(tokens.refreshToken);

      const visible = await scriptVisible(page);
      expect(visible.cookie).not.toContain(REFRESH_COOKIE);
      const stored = JSON.stringify([visible.local, visible.session]);
      for (const secret of [tokens.accessToken, tokens.refreshToken, rotated!.value]) expect(stored).not.toContain(secret);
      expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./); // no JWT at all
      expect(Object.keys(visible.local).filter((k) => k.startsWith('postwright.'))).toEqual(['postwright.user']);

      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await refreshCookie(context)).toBeUndefined();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Turn your expertise/ }).waitFor();
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/');
      // the logged-out cookie's token is revoked: presenting it again does not bring the session back
      // (sent from here: a browser takes a __Secure- cookie only from the server, never planted on http)
      const replay = await http(new URL(page.url()).origin, 'POST', '/api/auth/refresh', { headers: { cookie: `${REFRESH_COOKIE}=${rotated!.value}` } });
      expect(replay.status).toBe(401);
    } finally {
      await context.close();
    }
  });

  test('legacy tokens an older version left in localStorage are removed on start', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await page.goto('/privacy');
      await page.evaluate(() => {
        localStorage.setItem('postwright.accessToken', 'old-access');
        localStorage.setItem('postwright.refreshToken', 'old-refresh');
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect((await scriptVisible(page)).local).toEqual({});
    } finally {
      await context.close();
    }
  });

  test('two tabs reload at once: both stay signed in (refreshes take turns); a logout in one signs the other out', async () => {
    const { context, page: first } = await newPage(browser.get());
    try {
      await signUp(first, 'Frances');
      const second = await context.newPage();
      second.setDefaultTimeout(15_000);
      await second.goto('/dashboard');
      await welcomed(second, 'Frances');

      const statuses: number[] = [];
      context.on('response', (res) => {
        if (res.url().endsWith('/api/auth/refresh')) statuses.push(res.status());
      });
      for (let round = 0; round < 3; round += 1) {
        await Promise.all([first.reload(), second.reload()]);
        await Promise.all([welcomed(first, 'Frances'), welcomed(second, 'Frances')]);
      }
      // a refresh that presented an already-rotated cookie would have been a 401 and ended the session
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

      await first.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
      await first.waitForURL((url) => url.pathname === '/');
      await second.waitForURL((url) => url.pathname === '/');
      await second.goto('/dashboard');
      await second.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
