/**
 * Editing a scheduled post in Content Management: a typo found in a scheduled post is fixed
 * in place, without unscheduling, and the fixed text is what LinkedIn gets at the post's time. Over
 * the whole stack in Chromium (the offline generator writes, the LinkedIn sandbox plays LinkedIn
 * and records what it is sent, the scheduler fires on its own). The scheduled post being edited
 * is checked with axe-core at 1280 and 375 px and kept as screenshots
 * (writers-day-schedule-*.png in e2e/artifacts/screenshots).
 */
import type { Page } from 'playwright-core';
import { checkPage as checkPageAt, connectLinkedIn, contentCard, contentDetails, generate, linkedInPosts, localInputValueIn, newPage, pickHook, refuseBrowserDialogs, sharedBrowser, signUp } from '../src/browser';

jest.setTimeout(240_000);

const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'writers-day-schedule', height: 900, settleMs: 200, noSideScroll: true });

describe('the writer’s day in Content Management', () => {
  test('a scheduled post shows Edit; fixing a typo keeps it scheduled at the same time; at its time LinkedIn gets the fixed text', async () => {
    const { context, page } = await newPage(browser.get(), 1280, 900);
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await signUp(page, 'Typo');
      await page.goto('/content');
      await generate(page, 'framework');
      await pickHook(page, 0);
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await page.getByText('Draft saved.').waitFor();
      const linkedinEmail = await connectLinkedIn(page, 'Typo', 'Fixer');

      // the draft gets a closing line with a typo, then is scheduled a little over a minute ahead
      // (edits stop a minute before a post's time)
      await page.goto('/content-management');
      const card = contentCard(page, contentDetails.framework.topic);
      await card.getByRole('button', { name: 'Edit' }).click();
      const editor = card.getByLabel('Post text');
      const marker = Date.now().toString(36);
      const withTypo = `${await editor.inputValue()}\n\nEvery team I know will recieve this well (${marker}).`;
      await editor.fill(withTypo);
      await card.getByRole('button', { name: 'Save Changes' }).click();
      await editor.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule post' });
      await dialog.getByLabel('Date and time').fill(await localInputValueIn(page, 80_000));
      await dialog.getByRole('button', { name: 'Confirm Schedule' }).click();
      await page.getByText('Content scheduled successfully!').waitFor();
      await expect(card.getByTestId('status-badge').textContent()).resolves.toBe('Scheduled');
      const scheduledFor = await card.getByText(/Scheduled for/).textContent();
      expect(scheduledFor).toMatch(/^Scheduled for /);

      // the typo is seen: Edit is right there on the scheduled post
      await card.getByRole('button', { name: 'Edit' }).click();
      await expect(card.getByLabel('Post text').inputValue()).resolves.toBe(withTypo);
      await checkPage(page, 'editing-scheduled');
      const fixed = withTypo.replace('recieve', 'receive');
      await card.getByLabel('Post text').fill(fixed);
      await card.getByRole('button', { name: 'Save Changes' }).click();
      await card.getByLabel('Post text').waitFor({ state: 'detached' });

      // still scheduled, at the same time, with the fixed text; the page read again agrees
      await expect(card.getByTestId('status-badge').textContent()).resolves.toBe('Scheduled');
      await expect(card.getByText(/Scheduled for/).textContent()).resolves.toBe(scheduledFor);
      await expect(card.getByTestId('content-text').textContent()).resolves.toContain(`will receive this well (${marker})`);
      await page.reload();
      await expect(card.getByTestId('status-badge').textContent()).resolves.toBe('Scheduled');
      await expect(card.getByText(/Scheduled for/).textContent()).resolves.toBe(scheduledFor);

      // at its time the scheduler publishes it (the list follows it) with the fix
      await card.getByTestId('status-badge').filter({ hasText: 'Published' }).waitFor({ timeout: 150_000 });
      const ours = (await linkedInPosts(linkedinEmail)).filter((post) => post.text.includes(`(${marker})`));
      expect(ours.map((post) => post.text)).toEqual([fixed]);
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
