/**
 * The account's safety as a member meets it, over the whole stack in Chromium, with the emails
 * read from the stack's Mailpit and their links opened in the browser: the address proved through
 * the signup email (a paid plan waits for it), a forgotten password reset through the emailed link
 * (which ends every session the account had), /settings (Change password, the notification
 * emails), and the unsubscribe link of a real notification email (a scheduled post published).
 * The new pages are checked with axe-core at 1280 and 375 px and kept as screenshots
 * (account-*.png in e2e/artifacts/screenshots).
 */
import { http } from '@postwright/platform/src/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  allowOnLinkedIn,
  baseUrl,
  checkPage as checkPageAt,
  contentCard,
  contentDetails,
  generate,
  inbox,
  linkIn,
  localInputValueIn,
  newPage,
  PASSWORD,
  pickHook,
  sharedBrowser,
  signIn,
  signUp,
  VERIFY_SUBJECT,
  verifyEmail,
} from '../src/browser';

jest.setTimeout(180_000);

/** one Chromium for the file's journeys, each in its own context */
const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'account', height: 900, settleMs: 200, noSideScroll: true });

const NEW_PASSWORD = 'staple-battery-horse-correct';
const RESET_SUBJECT = 'Reset your Postwright password';
const CHANGED_SUBJECT = 'Your password was changed';

const welcomed = (page: Page, firstName: string) => page.getByRole('heading', { level: 1, name: new RegExp(`^Welcome( back)?, ${firstName}$`) }).waitFor();
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const onPath = (path: string) => (url: URL) => url.pathname === path;

/** Once the field is marked invalid: the error it is described by (read as a screen reader does). */
async function fieldError(field: Locator): Promise<string> {
  await field.and(field.page().locator('[aria-invalid="true"]')).waitFor();
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((node) => node?.getAttribute('data-testid') === 'field-error')
      .map((node) => node!.textContent ?? '')
      .join(' '),
  );
}

/** What the gateway answers an access token on a signed-in route. */
async function profileStatus(token: string): Promise<{ status: number; code?: string }> {
  const answer = await http<{ code?: string }>(baseUrl(), 'GET', '/api/users/profile', { token });
  return answer.status === 200 ? { status: 200 } : { status: answer.status, code: answer.body?.code };
}

/**
 * Waits until the gateway refuses the access token. Its list of ended sessions is a copy kept
 * current over Redis pub/sub, so the refusal follows the reset's answer by a message's trip.
 */
async function refusedSoon(token: string): Promise<{ status: number; code?: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await profileStatus(token);
    if (answer.status !== 200 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in over HTTP, a session of its own (another device), and answers its access token. */
async function apiSession(email: string, password: string): Promise<string> {
  const login = await http<{ tokens: { accessToken: string } }>(baseUrl(), 'POST', '/api/auth/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return login.body.tokens.accessToken;
}

describe('the account: email verification, password reset, settings, notification emails', () => {
  test('when a member verifies the address through the emailed link, then forgets the password and resets it through the next one, then only the new password signs in and every earlier session has ended', async () => {
    const { context, page } = await newPage(browser.get());
    let other: BrowserContext | undefined;
    try {
      const email = await signUp(page, 'Ida', 'Rhodes');

      // unverified: a reminder on the signed-in pages, with a way to have the email sent again
      const banner = page.getByTestId('verify-email-banner');
      await expect(banner.textContent()).resolves.toContain(`Verify your email address, ${email}, to subscribe to a plan and get notification emails.`);
      await banner.getByRole('button', { name: 'Resend email' }).waitFor();
      await checkPage(page, 'dashboard-unverified');
      const first = await inbox().waitForMessage(email, { subject: VERIFY_SUBJECT });
      const firstLink = linkIn(first, '/auth/verify-email');
      expect(firstLink.origin).toBe(baseUrl());

      // a paid plan waits for the address: the pricing page says so and sends a new link
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'Please verify your email address first: open the link we emailed you, or send a new one.' });
      await refusal.waitFor();
      expect(new URL(page.url()).pathname).toBe('/pricing');
      await refusal.getByRole('button', { name: 'Resend verification email' }).click();
      await refusal.getByTestId('resend-outcome').filter({ hasText: `We sent a new link to ${email}.` }).waitFor();
      await checkPage(page, 'pricing-unverified');

      // the newest link proves the address (the page reads the member again: the banner is gone)
      await verifyEmail(page, email, 2);
      await page.getByRole('status').filter({ hasText: 'Your email address is verified.' }).waitFor();
      await checkPage(page, 'verified');
      await page.getByRole('link', { name: 'Go to dashboard' }).click();
      await welcomed(page, 'Ida');
      await expect(banner.count()).resolves.toBe(0);

      // another device signed in before the reset: a second browser, and its access token
      const second = await newPage(browser.get());
      other = second.context;
      const otherPage = second.page;
      await otherPage.goto('/auth/login');
      const otherLogin = otherPage.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
      await signIn(otherPage, email, PASSWORD);
      const otherToken = ((await (await otherLogin).json()) as { tokens: { accessToken: string } }).tokens.accessToken;
      await welcomed(otherPage, 'Ida');
      await expect(profileStatus(otherToken)).resolves.toEqual({ status: 200 });

      // signed out, the first email's link is spent (the resend's replaced it); the page leads to sign-in
      await page.goto('/dashboard');
      await sidebar(page).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(onPath('/'));
      await page.goto(firstLink.href);
      const invalid = page.getByRole('alert').filter({ hasText: 'This verification link is invalid or has expired. Please request a new one.' });
      await invalid.getByRole('heading', { level: 1, name: 'Link not valid' }).waitFor();
      await invalid.getByText('Sign in to have a new link sent to you.').waitFor();
      await checkPage(page, 'verify-invalid');
      await invalid.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(onPath('/auth/login'));

      // the password is forgotten: the login page's link takes the address typed so far along
      await page.getByLabel('Email').fill(email);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(onPath('/auth/forgot-password'));
      await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
      await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
      await checkPage(page, 'forgot');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('status').filter({ hasText: 'If an account exists for that email, we have sent a link to reset its password.' }).waitFor();
      await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
      await checkPage(page, 'forgot-sent');

      // the reset email's link: a new password, confirmed (a confirmation that differs says so)
      const reset = await inbox().waitForMessage(email, { subject: RESET_SUBJECT });
      const resetLink = linkIn(reset, '/auth/reset-password');
      expect(resetLink.origin).toBe(baseUrl());
      await page.goto(resetLink.href);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await checkPage(page, 'reset');
      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}-typo`);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(fieldError(page.getByLabel('Confirm password'))).resolves.toBe('Passwords do not match');
      await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Your password was changed. Please sign in with your new password.' }).waitFor();
      await checkPage(page, 'reset-done');
      await inbox().waitForMessage(email, { subject: CHANGED_SUBJECT });

      // every session the account had has ended: the other device's token is refused at once...
      await expect(refusedSoon(otherToken)).resolves.toEqual({ status: 401, code: 'AUTH.SESSION_REVOKED' });
      // ...its open page signs out at its next request (the refresh cookie is spent too)...
      await sidebar(otherPage).getByRole('link', { name: 'Profile' }).click();
      await otherPage.waitForURL(onPath('/'));
      // ...and a new visit there stays signed out
      await otherPage.goto('/dashboard');
      await otherPage.waitForURL(onPath('/'));
      await expect(otherPage.evaluate(() => localStorage.getItem('postwright.user'))).resolves.toBeNull();

      // the old password no longer signs in; the new one does
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(onPath('/auth/login'));
      await signIn(page, email, PASSWORD);
      await expect(page.getByRole('alert').textContent()).resolves.toContain('Invalid email or password');
      await signIn(page, email, NEW_PASSWORD);
      await page.waitForURL(onPath('/dashboard'));
      await welcomed(page, 'Ida');
      await expect(banner.count()).resolves.toBe(0);

      // the link was spent by its use
      await page.goto(resetLink.href);
      await page.getByLabel('New password').fill('another-new-password');
      await page.getByLabel('Confirm password').fill('another-new-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired. Please request a new one.' }).waitFor();
      await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    } finally {
      await other?.close();
      await context.close();
    }
  });

  test('when a member changes the password in /settings (a wrong current one first), then this session stays, the others end and an email says so; the notification choices are kept; an unsubscribe link that is not ours is refused', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const email = await signUp(page, 'Evelyn', 'Berezin');

      // Account: the address read-only, not yet verified, with a way to the link
      await page.goto('/profile');
      await page.getByRole('link', { name: 'Account Settings' }).click();
      await page.waitForURL(onPath('/settings'));
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const account = page.getByRole('region', { name: 'Account' });
      const address = account.getByLabel('Email');
      await expect(address.inputValue()).resolves.toBe(email);
      await expect(address.getAttribute('readonly')).resolves.not.toBeNull();
      await expect(account.getByTestId('verification-status').textContent()).resolves.toBe('Not verified');
      const notifications = page.getByRole('region', { name: 'Email notifications' });
      await notifications.getByText('Notifications go to verified addresses only').waitFor();
      await checkPage(page, 'settings-unverified');

      // verified through the link, the page says so
      await verifyEmail(page, email);
      await page.goto('/settings');
      await account.getByTestId('verification-status').filter({ hasText: /^Verified$/ }).waitFor();
      await expect(notifications.getByText('Notifications go to verified addresses only').count()).resolves.toBe(0);
      await checkPage(page, 'settings');

      // Change password: a wrong current password is said on its field, and nothing changes
      const elsewhere = await apiSession(email, PASSWORD);
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill('not-my-password');
      await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(fieldError(form.getByLabel('Current password'))).resolves.toBe('Current password is incorrect');
      // the refused field takes focus (moved there once the error has rendered)
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'currentPassword');
      await checkPage(page, 'settings-wrong-password');
      await expect(profileStatus(elsewhere)).resolves.toEqual({ status: 200 });

      // the right one: changed, the other devices signed out, an email sent, this session kept
      await form.getByLabel('Current password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByRole('status').filter({ hasText: 'Your password was changed. Your other devices have been signed out.' }).waitFor();
      await expect(form.getByLabel('Current password').inputValue()).resolves.toBe('');
      await inbox().waitForMessage(email, { subject: CHANGED_SUBJECT });
      await expect(refusedSoon(elsewhere)).resolves.toEqual({ status: 401, code: 'AUTH.SESSION_REVOKED' });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/settings');
      await expect(http(baseUrl(), 'POST', '/api/auth/login', { body: { email, password: PASSWORD } }).then((r) => r.status)).resolves.toBe(401);
      await apiSession(email, NEW_PASSWORD);

      // Email notifications: each box saves as it changes, and the choice is there on the next visit
      const box = (label: string) => notifications.getByRole('checkbox', { name: label });
      const published = box('A scheduled post was published');
      const failed = box('A scheduled post could not be published');
      const expiry = box('My LinkedIn connection is about to expire or has expired');
      for (const choice of [published, failed, expiry]) await expect(choice.isChecked()).resolves.toBe(true);
      for (const choice of [published, expiry]) {
        const saved = page.waitForResponse((res) => res.url().endsWith('/api/users/notifications') && res.request().method() === 'PUT');
        await choice.click();
        expect((await saved).status()).toBe(200);
        await notifications.getByTestId('notifications-status').filter({ hasText: 'Saved' }).waitFor();
      }
      await page.reload();
      await notifications.waitFor();
      await expect(Promise.all([published, failed, expiry].map((choice) => choice.isChecked()))).resolves.toEqual([false, true, false]);

      // an unsubscribe link that is not ours (a notification email's own is the next journey's)
      await page.goto('/settings/unsubscribe?token=not-a-token');
      await page.getByRole('heading', { level: 1, name: 'Link not valid' }).waitFor();
      await expect(page.getByRole('alert').textContent()).resolves.toContain('This unsubscribe link is not valid.');
      await checkPage(page, 'unsubscribe-invalid');
    } finally {
      await context.close();
    }
  });

  test('when a scheduled post of a verified member is published, then its email has an unsubscribe link that works signed out, and Settings shows that email turned off', async () => {
    const { context, page } = await newPage(browser.get());
    let phone: BrowserContext | undefined;
    try {
      const email = await signUp(page, 'Annie', 'Easley');
      // notifications go to verified addresses only
      await verifyEmail(page, email);

      // a draft, LinkedIn connected through the sandbox, the draft scheduled seconds ahead
      await page.goto('/content');
      await generate(page, 'story');
      await pickHook(page, 0);
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await page.getByText('Draft saved.').waitFor();
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
      await allowOnLinkedIn(page, 'Annie', 'Easley');
      await page.waitForURL(onPath('/profile'));
      await page.getByTestId('linkedin-status').filter({ hasText: /^Connected$/ }).waitFor();
      await page.goto('/content-management');
      const card = contentCard(page, contentDetails.story.topic);
      await card.getByRole('button', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule post' });
      // the stack's minimum lead is 5 s: 10 s leaves room for the click to reach the scheduler
      await dialog.getByLabel('Date and time').fill(await localInputValueIn(page, 10_000));
      await dialog.getByRole('button', { name: 'Confirm Schedule' }).click();
      await page.getByText('Content scheduled successfully!').waitFor();

      // the scheduler publishes it and emails the member, with a way out of these emails
      const published = await inbox().waitForMessage(email, { subject: 'Your scheduled post is live on LinkedIn', timeoutMs: 60_000 });
      expect(published.ListUnsubscribe.HeaderPost).toBe('List-Unsubscribe=One-Click');
      const unsubscribe = linkIn(published, '/settings/unsubscribe');
      expect(unsubscribe.origin).toBe(baseUrl());

      // opened where the member is not signed in (a mail app on a phone)
      const elsewhere = await newPage(browser.get(), 375, 800);
      phone = elsewhere.context;
      await elsewhere.page.goto(unsubscribe.href);
      await elsewhere.page.getByRole('heading', { level: 1, name: 'Unsubscribed' }).waitFor();
      await expect(elsewhere.page.getByTestId('unsubscribe-message').textContent()).resolves.toBe(
        'You will no longer get emails when a scheduled post is published. You can turn them back on in Settings.',
      );
      await checkPage(elsewhere.page, 'unsubscribed');
      // its Settings link goes through sign-in to Settings, which shows the email turned off
      await elsewhere.page.getByRole('link', { name: 'Settings' }).click();
      await elsewhere.page.waitForURL(onPath('/auth/login'));
      await signIn(elsewhere.page, email, PASSWORD);
      await elsewhere.page.waitForURL(onPath('/settings'));
      const notifications = elsewhere.page.getByRole('region', { name: 'Email notifications' });
      const choices = ['A scheduled post was published', 'A scheduled post could not be published', 'My LinkedIn connection is about to expire or has expired'];
      await notifications.getByRole('checkbox', { name: choices[0], checked: false }).waitFor();
      await expect(Promise.all(choices.map((name) => notifications.getByRole('checkbox', { name }).isChecked()))).resolves.toEqual([false, true, true]);
    } finally {
      await phone?.close();
      await context.close();
    }
  });
});
