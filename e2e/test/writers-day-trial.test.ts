/**
 * The trial's terms. The trial is 30 days and 3 posts, whichever
 * ends first, said together on the landing page, at signup and in the product; "Generate again"
 * on a draft is free a few times (the posts count, not the attempts); an account whose trial is
 * over is offered no free trial and is told the trial ended. Over the whole stack in Chromium;
 * the ended state is checked with axe-core at 1280 and 375 px (writers-day-trial-*.png).
 */
import type { Connection } from 'mongoose';
import type { Page } from 'playwright-core';
import { connectMongo } from '@postwright/platform';
import { checkPage as checkPageAt, confirmInApp, fillDetails, generate, newPage, postBody, profileReadOn, sharedBrowser, signUp, trialPostsLeft, until } from '../src/browser';

jest.setTimeout(240_000);

const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'writers-day-trial', height: 900, settleMs: 200, noSideScroll: true });

const TERMS = '30-day free trial: 3 posts, no credit card';
const DAY_MS = 24 * 3600 * 1000;

const tierNote = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByTestId('tier-note').textContent();

/** The member as the server has it, read from the page's own call when it loads `path`. */
async function profileOn(page: Page, path: string): Promise<{ trialPostsUsed: number; trialEndsAt: string; createdAt: string }> {
  const answer = await profileReadOn(page, () => page.goto(path));
  return ((await answer.json()) as { user: { trialPostsUsed: number; trialEndsAt: string; createdAt: string } }).user;
}

/** A date as the app writes it: "Mar 4, 2027" in the browser's locale. */
const appDate = (page: Page, iso: string) => page.evaluate((at) => new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }), iso);

/** The stack's auth database, where a journey sets up what a month of waiting would (the trial's end passing). */
let authDb: Connection;
beforeAll(async () => {
  authDb = await connectMongo(process.env.MONGO_URL!, `${process.env.E2E_NAMESPACE}postwright_auth`);
});
afterAll(async () => {
  await authDb?.close();
});

describe('the writer\'s day: the trial\'s terms', () => {
  test('a new visitor reads 30 days and 3 posts together on the landing page, at signup and in the product; Generate, then Generate again twice, leaves the trial posts as they were', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await page.goto('/');
      await page.getByText(`${TERMS} · Cancel anytime`).waitFor();
      await page.locator('#pricing').getByText(TERMS, { exact: true }).waitFor();
      await page.getByText(`Write your first post in the next five minutes, with a ${TERMS}.`).waitFor();

      await page.goto('/auth/signup');
      await page.getByText(`Start your ${TERMS}.`).waitFor();
      await signUp(page, 'Tria');

      const member = await profileOn(page, '/content');
      // the trial ends 30 days after signup, and the product says so beside the posts left
      expect(Math.round((Date.parse(member.trialEndsAt) - Date.parse(member.createdAt)) / DAY_MS)).toBe(30);
      const ends = `ends ${await appDate(page, member.trialEndsAt)}`;
      await expect(trialPostsLeft(page)).resolves.toBe(`3 of 3 trial posts left · ${ends}.`);
      await expect(tierNote(page)).resolves.toContain(`3 of 3 trial posts left · ${ends}`);

      await generate(page, 'framework');
      await until(() => trialPostsLeft(page), (text) => text === `2 of 3 trial posts left · ${ends}.`, 'the trial posts after the first post', 30_000);

      const bodies = [await postBody(page).inputValue()];
      for (const left of [3, 2]) {
        await page.getByRole('button', { name: 'Edit details' }).click();
        await page.getByRole('button', { name: 'Generate again', exact: true }).click();
        const question = await confirmInApp(page, 'Generate again');
        expect(question).toBe(`Free: this draft can be generated again ${left} more times without using a trial post. The new text replaces this draft's; you can undo it.`);
        bodies.push(await until(() => postBody(page).inputValue(), (body) => body.length > 0 && !bodies.includes(body), 'a new text for the draft', 30_000));
        await expect(trialPostsLeft(page)).resolves.toBe(`2 of 3 trial posts left · ${ends}.`);
      }
      expect(new Set(bodies).size).toBe(3);

      // the server counted one post, and the draft has one free run left
      const after = await profileOn(page, page.url());
      expect(after.trialPostsUsed).toBe(1);
      await expect(trialPostsLeft(page)).resolves.toBe(`2 of 3 trial posts left · ${ends}.`);
      await expect(tierNote(page)).resolves.toContain(`2 of 3 trial posts left · ${ends}`);
      await page.getByRole('button', { name: 'Edit details' }).click();
      await page.getByRole('button', { name: 'Generate again', exact: true }).click();
      // asked, then left: the last free run stays
      expect(await confirmInApp(page, 'Cancel')).toBe("Free: this draft can be generated again 1 more time without using a trial post. The new text replaces this draft's; you can undo it.");
    } finally {
      await context.close();
    }
  });

  test('an account whose trial days are over is offered no free trial, and Generate is refused as the trial ended', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const email = await signUp(page, 'Ended');
      await page.goto('/content');
      await fillDetails(page, 'insight');
      // a month goes by: the trial's end is behind it, with all 3 posts unused
      const endedAt = new Date(Date.now() - DAY_MS);
      const { modifiedCount } = await authDb.collection('users').updateOne({ email }, { $set: { trialEndsAt: endedAt } });
      expect(modifiedCount).toBe(1);

      await page.getByRole('button', { name: 'Generate Content' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Trial ended' }).textContent()).resolves.toContain('Trial ended. Please upgrade to continue generating content.');
      await page.getByText('Trial ended - Upgrade to continue').waitFor();
      await expect(page.getByRole('button', { name: 'Generate Content' }).isDisabled()).resolves.toBe(true);
      await expect(page.getByText('Trial limit reached - Upgrade to continue').count()).resolves.toBe(0);

      // the next visit reads it from the server
      await profileOn(page, '/content');
      await page.getByText(`Your free trial ended on ${await appDate(page, endedAt.toISOString())}. Choose a plan to keep writing.`).waitFor();
      await until(() => tierNote(page), (text) => text?.includes('Trial ended') ?? false, 'the sidebar saying the trial ended', 30_000);
      await checkPage(page, 'generator-ended');

      await page.goto('/pricing');
      await page.getByTestId('pricing-intro').filter({ hasText: 'Your free trial is over.' }).waitFor();
      await expect(page.getByText(TERMS).count()).resolves.toBe(0);
      await expect(page.getByText(/no credit card/i).count()).resolves.toBe(0);
      await expect(page.getByText(/start free trial/i).count()).resolves.toBe(0);

      await page.goto('/profile');
      const card = page.getByRole('region', { name: 'Account Status' });
      await card.getByTestId('status-badge').filter({ hasText: 'Ended' }).waitFor();
      await expect(card.getByTestId('posts-left').textContent()).resolves.toBe('Trial ended');
      await expect(card.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).resolves.toBe('/pricing');
      await expect(card.getByText('Account Type').count()).resolves.toBe(0);
      await expect(card.getByText(/Upgrade to Premium/).count()).resolves.toBe(0);
      await checkPage(page, 'profile-ended');
    } finally {
      await context.close();
    }
  });
});
