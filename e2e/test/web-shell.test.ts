/**
 * Journeys through the web shell over the whole stack: landing anchors, signup to the
 * dashboard, logout, login back to where the visitor came from, the catch-all redirect (which
 * /settings is not), the public pages, and the token refresh. Every page visited is checked with
 * axe-core (no serious or critical violations) and kept as screenshots at 1280 and 375 px in
 * e2e/artifacts.
 */
import { http } from '@postwright/platform/src/testing';
import type { Page } from 'playwright-core';
import { baseUrl, billingSandboxUrl, checkPage as checkPageAt, sharedBrowser, newPage, PASSWORD, screenshot, seriousViolations, signIn, signUp, uniqueEmail, verifyEmail } from '../src/browser';

jest.setTimeout(120_000);

/** one Chromium for the file's journeys, each in its own context */
const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'web', height: 800, settleMs: 150 });

/** Top of the element relative to the viewport (0 = at the top edge). */
async function topOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
}

async function waitUntilScrolledTo(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const top = document.querySelector(sel)?.getBoundingClientRect().top;
      return top !== undefined && top >= -2 && top < 120;
    },
    selector,
    { timeout: 10_000 },
  );
}

describe('web shell journeys', () => {
  test('landing page: sections, header anchors scroll to them, FAQ one open at a time, pricing toggle', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Turn your expertise/ }).waitFor();
      await checkPage(page, 'landing');

      const nav = page.getByRole('navigation', { name: 'Main', exact: true });
      for (const [label, id] of [
        ['Features', 'features'],
        ['Pricing', 'pricing'],
        ['FAQ', 'faq'],
      ] as const) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL(new RegExp(`#${id}$`));
        await waitUntilScrolledTo(page, `#${id}`);
      }
      await page.goto('/#testimonials');
      await waitUntilScrolledTo(page, '#testimonials');
      expect(await topOf(page, '#testimonials')).toBeLessThan(120);

      // FAQ: opening one closes the other
      const faq = page.locator('#faq');
      const q1 = faq.getByRole('button', { name: 'How does the free trial work?' });
      const q2 = faq.getByRole('button', { name: 'Can I schedule posts?' });
      await q1.click();
      await expect(q1.getAttribute('aria-expanded')).resolves.toBe('true');
      await q2.click();
      await expect(q2.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(q1.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(faq.locator('button[aria-expanded="true"]').count()).resolves.toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      // pricing: monthly, then yearly from the keyboard
      const pricing = page.locator('#pricing');
      await expect(pricing.getByTestId('price-enterprise').textContent()).resolves.toBe('$299');
      await pricing.getByRole('radio', { name: 'Monthly' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(pricing.getByTestId('price-starter').textContent()).resolves.toBe('$290');
      await expect(pricing.getByTestId('price-professional').textContent()).resolves.toBe('$790');
      await expect(pricing.getByTestId('price-enterprise').textContent()).resolves.toBe('$2,990');

      // a pricing button carries the plan to signup
      await pricing.getByRole('link', { name: 'Start Free Trial with Professional' }).click();
      await page.waitForURL(/\/auth\/signup$/);
      await expect(page.getByTestId('selected-plan').textContent()).resolves.toContain('Selected plan: Professional (yearly)');

      // from another page, the header's Pricing leads back to the section
      await page.goto('/privacy');
      await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL(/\/#pricing$/);
      await waitUntilScrolledTo(page, '#pricing');
    } finally {
      await context.close();
    }
  });

  test('landing page on a phone: the menu opens from the keyboard and closes with Escape', async () => {
    const { context, page } = await newPage(browser.get(), 375, 800);
    try {
      await page.goto('/');
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.focus();
      await page.keyboard.press('Enter');
      const mobileNav = page.getByRole('navigation', { name: 'Main (mobile)' });
      await mobileNav.getByRole('link', { name: 'Contact' }).waitFor();
      await screenshot(page, 'web-landing-menu-375');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(mobileNav.isVisible()).resolves.toBe(false);
    } finally {
      await context.close();
    }
  });

  test('signup to dashboard: mismatched passwords do not submit, then the new user lands on the dashboard', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await page.goto('/auth/signup');
      await checkPage(page, 'signup');
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      const email = uniqueEmail('grace');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(`${PASSWORD}-typo`);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByLabel('Confirm Password').getAttribute('aria-invalid')).resolves.toBe('true');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/auth/signup');

      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await expect(sidebar.getByTestId('user-full-name').textContent()).resolves.toBe('Grace Hopper');
      await expect(sidebar.getByTestId('tier-note').textContent()).resolves.toContain('3 trial posts left');
      await expect(sidebar.getByRole('link').allTextContents()).resolves.toEqual(
        expect.arrayContaining(['Dashboard', 'Generate', 'Manage', 'Profile', 'Support']),
      );
      await checkPage(page, 'dashboard');

      // the session survives a new visit
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();

      // a signed-in user going to the landing, login or signup page is taken to the dashboard
      for (const path of ['/', '/auth/login', '/auth/signup']) {
        await page.goto(path);
        await page.waitForURL(/\/dashboard$/);
      }

      // /pricing: own header, greeting and the plan picker; a plan leaves for Stripe Checkout (the
      // billing sandbox's page), and Back returns to a page whose buttons work again (the whole
      // subscription is billing.test.ts's journey, the refusal before verifying account.test.ts's).
      // A paid plan needs a verified address, so the emailed link comes first.
      await verifyEmail(page, email);
      await page.goto('/pricing');
      await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
      await expect(page.locator('header').textContent()).resolves.toContain('Hi, Grace');
      await page.getByRole('radio', { name: 'Monthly', checked: true }).waitFor();
      for (const plan of ['Starter', 'Professional', 'Enterprise']) await page.getByRole('button', { name: `Choose ${plan}` }).waitFor();
      await checkPage(page, 'pricing');
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${billingSandboxUrl()}/c/pay/cs_`));
      await page.getByRole('heading', { level: 1, name: 'Subscribe to Starter' }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.href === `${baseUrl()}/pricing`);
      await page.getByRole('button', { name: 'Choose Starter', disabled: false }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the signed-in layout on a phone: the menu drawer opens and navigates', async () => {
    const { context, page } = await newPage(browser.get(), 375, 800);
    try {
      await signUp(page, 'Katherine', 'Johnson');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawerNav = page.getByRole('navigation', { name: 'App' }).filter({ visible: true });
      await drawerNav.getByRole('link', { name: 'Support' }).waitFor();
      await screenshot(page, 'web-app-menu-375');
      expect(await seriousViolations(page)).toEqual([]);
      await drawerNav.getByRole('link', { name: 'Support' }).click();
      await page.waitForURL(/\/support$/);
      await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
    } finally {
      await context.close();
    }
  });

  test('logout: the session ends, it is gone from storage and protected pages send the visitor home', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Alan', 'Turing');
      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: /Turn your expertise/ }).waitFor();
      const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('postwright.')));
      expect(stored).toEqual([]);

      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/content');
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  test('login returns to origin: a protected page sends the visitor home, and logging in brings them back', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const email = await signUp(page, 'Margaret', 'Hamilton');
      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.goto('/content-management');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('navigation', { name: 'Main', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Login' }).first().click();
      await page.waitForURL(/\/auth\/login$/);
      await checkPage(page, 'login');
      await signIn(page, email);
      await page.waitForURL(/\/content-management$/);

      // with no origin, login goes to the dashboard
      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/auth/login');
      await signIn(page, email);
      await page.waitForURL(/\/dashboard$/);

      // a wrong password shows the server's message and stays
      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toContain('Invalid email or password');
    } finally {
      await context.close();
    }
  });

  test('catch-all: unknown paths go to / when signed out and to /dashboard when signed in; /settings is a page of its own', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/');
      await signUp(page, 'Hedy', 'Lamarr');
      await page.goto('/no/such/page');
      await page.waitForURL(/\/dashboard$/);

      // /settings opens (the profile's Account Settings leads there) and stays
      await page.goto('/profile');
      await page.getByRole('link', { name: 'Account Settings' }).click();
      await page.waitForURL(/\/settings$/);
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/settings');

      // signed out it is a login-required page like the others: the visitor is sent home
      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/settings');
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  test('an expired access token is refreshed once through the cookie, and the user stays signed in', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Barbara', 'Liskov');
      const cookie = async () => (await context.cookies()).find((c) => c.name === '__Secure-postwright_refresh')?.value;
      const before = await cookie();
      expect(before).toBeTruthy();
      const refreshes: string[] = [];
      page.on('request', (req) => {
        if (req.url().endsWith('/api/auth/refresh')) refreshes.push(req.method());
      });
      // the access token lives in the page's memory: the server's 401 stands in for its expiry
      let refused = 0;
      await page.route('**/api/users/profile', async (route) => {
        if (refused++ === 0) return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Token expired' }) });
        return route.continue();
      });
      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Profile' }).click();
      await page.waitForURL(/\/profile$/);
      // the refused request, then its retry with the new access token
      for (let waited = 0; refused < 2 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
      expect(refused).toBe(2);
      expect(refreshes).toEqual(['POST']);
      expect(new URL(page.url()).pathname).toBe('/profile');
      const after = await cookie();
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      await page.unroute('**/api/users/profile');

      // when the cookie is no good either (its session ended elsewhere), the next visit is signed out
      const ended = await http(new URL(page.url()).origin, 'POST', '/api/auth/logout', { headers: { cookie: `__Secure-postwright_refresh=${after}` } });
      expect(ended.status).toBe(200);
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.evaluate(() => localStorage.getItem('postwright.user'))).resolves.toBeNull();
    } finally {
      await context.close();
    }
  });

  test('public pages: legal pages with their commitments, about, FAQ, contact and demo, for anyone', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const legal: Array<[string, string, string[]]> = [
        ['/privacy', 'Privacy Policy', ['at least 18 years old', 'within 24 hours']],
        ['/terms', 'Terms of Service', ['at least 30 days notice', 'at least 18 years old', 'more than 24 consecutive hours', 'service credit', 'within 24 hours']],
        ['/refund', 'Refund Policy', ['2-3 business days', '5-10 business days', '3-5 business days', '5-7 business days', '30-day money-back guarantee']],
        ['/cookies', 'Cookie Policy', ['up to 30 days']],
      ];
      for (const [path, title, claims] of legal) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        const text = await page.locator('main').innerText();
        for (const claim of claims) expect({ path, has: claim, found: text.includes(claim) }).toEqual({ path, has: claim, found: true });
        await checkPage(page, path.slice(1));
      }
      for (const [path, heading] of [
        ['/about', 'We help leaders turn expertise into influence'],
        ['/faq', 'Frequently asked questions'],
        ['/contact', 'Talk to a human'],
        ['/demo', 'From experience to published post in two minutes'],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await checkPage(page, path.slice(1));
      }
      // the landing's Watch 2-Min Demo leads to /demo
      await page.goto('/');
      await page.getByRole('link', { name: 'Watch 2-Min Demo' }).first().click();
      await page.waitForURL(/\/demo$/);
    } finally {
      await context.close();
    }
  });
});
