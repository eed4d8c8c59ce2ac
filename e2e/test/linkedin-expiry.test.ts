/**
 * A LinkedIn grant that ends, in Chromium over the whole stack: the LinkedIn sandbox plays a
 * self-serve app, which gets no refresh token, so when LinkedIn ends the grant the member must
 * reconnect.
 * A post is scheduled, the grant ends before its time, and at its time the post is back to
 * draft; Content Management says why and offers Reconnect LinkedIn, which comes back to it,
 * and the post then goes out.
 */
import { http } from '@postwright/platform/src/testing';
import type { Page } from 'playwright-core';
import { checkPage as checkPageAt, confirmInApp, contentCard, contentDetails, generate, localInputValueIn, newPage, pickHook, refuseBrowserDialogs, sandboxUrl, sharedBrowser, signUp, uniqueEmail } from '../src/browser';

jest.setTimeout(240_000);

const browser = sharedBrowser();
const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'expiry', height: 900, settleMs: 200, noSideScroll: true });

const REASON = 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.';

/** On the sandbox's consent page: this member (one email is always the same member), then Allow. */
async function allowAs(page: Page, email: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl()));
  await page.getByLabel('First name').fill('Rosalind');
  await page.getByLabel('Last name').fill('Franklin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
}

test('a scheduled post whose LinkedIn connection ended before its time: back to draft with the reason, Reconnect LinkedIn from Content Management, then it publishes', async () => {
  const { context, page } = await newPage(browser.get());
  const browserDialogs = refuseBrowserDialogs(page);
  const linkedinEmail = uniqueEmail('rosalind.linkedin');
  try {
    await signUp(page, 'Rosalind');
    await page.goto('/content');
    await generate(page, 'learning');
    await pickHook(page, 1);
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByText('Draft saved.').waitFor();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
    await allowAs(page, linkedinEmail);
    await page.waitForURL(/\/profile$/, { timeout: 10_000 });
    await expect(page.getByTestId('linkedin-status').textContent()).resolves.toBe('Connected');

    // scheduled while the connection is good
    await page.goto('/content-management');
    const card = contentCard(page, contentDetails.learning.topic);
    await card.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule post' });
    await dialog.getByLabel('Date and time').fill(await localInputValueIn(page, 20_000));
    await dialog.getByRole('button', { name: 'Confirm Schedule' }).click();
    await page.getByText('Content scheduled successfully!').waitFor();

    // LinkedIn ends the grant before the post's time (as after 60 days); there is no refresh token
    const member = await http(sandboxUrl(), 'GET', `/__sandbox/members?email=${encodeURIComponent(linkedinEmail)}`);
    expect(member.body.members).toHaveLength(1);
    const expired = await http(sandboxUrl(), 'POST', '/__sandbox/tokens/expire', { body: { sub: member.body.members[0].sub } });
    expect(expired.body.expired).toBeGreaterThanOrEqual(1);

    // at its time the post is back to draft, the card says why and offers to reconnect
    await card.getByTestId('status-badge').filter({ hasText: 'Draft' }).waitFor({ timeout: 90_000 });
    await expect(card.getByTestId('publish-problem').textContent()).resolves.toContain(REASON);
    const note = card.getByTestId('connect-note');
    await note.getByRole('button', { name: 'Reconnect LinkedIn' }).waitFor();
    // said once, by the reason; the note only offers the way out
    expect(((await card.textContent()) ?? '').split('has expired').length - 1).toBe(1);
    await checkPage(page, 'management-expired');

    await page.goto('/dashboard');
    await page.getByText('Connection expired').waitFor();
    await page.goto('/content-management');

    // Reconnect LinkedIn: to LinkedIn and back to Content Management
    await card.getByTestId('connect-note').getByRole('button', { name: 'Reconnect LinkedIn' }).click();
    await allowAs(page, linkedinEmail);
    await page.waitForURL(/\/content-management$/, { timeout: 10_000 });
    await card.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(confirmInApp(page, 'Publish')).resolves.toBe('Are you sure you want to publish this content to LinkedIn?');
    await page.getByText('Content published to LinkedIn successfully!').waitFor();
    await expect(card.getByTestId('status-badge').textContent()).resolves.toBe('Published');
    expect(browserDialogs).toEqual([]);
  } finally {
    await context.close();
  }
});
