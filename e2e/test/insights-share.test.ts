/**
 * Insights where LinkedIn gives no figures: the journeys' own stack runs the share app (Sign In
 * with LinkedIn and Share on LinkedIn), whose posts LinkedIn never measures for us. A member
 * seeded as `npm run seed:demo` seeds one (10 posts over 90 days: this stack writes 12 a minute,
 * and the journey writes one more) sees their posts counted, why comments and reactions are
 * missing, and no comparison, ordering or best time made up in their place: the generator keeps
 * the hooks as written and the schedule dialog offers the framework's days.
 */
import type { InsightsResponse } from '@postwright/contracts';
import { seedDemo, type SeededMember } from '../../platform/scripts/seed-demo';
import { baseUrl, generate, hooksGroup, mailUrl, pickHook, refuseBrowserDialogs, sandboxUrl, sharedBrowser, signedInAs } from '../src/browser';

jest.setTimeout(300_000);

const TIME_ZONE = 'America/New_York';
const browser = sharedBrowser();

describe('insights with the share app: what is missing, and nothing invented', () => {
  let member: SeededMember;

  beforeAll(async () => {
    member = await seedDemo({
      baseUrl: baseUrl(),
      sandboxUrl: sandboxUrl(),
      mailUrl: mailUrl(),
      posts: 10,
      days: 90,
      timeZone: TIME_ZONE,
      contentEnv: { MONGO_URL: process.env.MONGO_URL, NAMESPACE: process.env.E2E_NAMESPACE },
      engagementTimeoutMs: 0,
      firstName: 'Shari',
      lastName: 'Apps',
      seed: 6,
    });
  }, 240_000);

  test('the service counts the posts and claims nothing from figures it does not have', async () => {
    expect(member.analytics).toBe(false);
    const res = await fetch(`${baseUrl()}/api/insights?range=90d&tz=${encodeURIComponent(TIME_ZONE)}`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(res.status).toBe(200);
    const insights = (await res.json()) as InsightsResponse;
    expect(insights).toMatchObject({ posts: 10, measured: 0, findings: [], recommendations: { hookOrder: null, times: null } });
    for (const group of [...insights.byType, ...insights.byHookStyle, ...insights.byLength, ...insights.byWeekdayHour]) {
      expect(group).toMatchObject({ measured: 0, medianReactions: null, medianComments: null, medianImpressions: null, enough: false });
    }
    expect(insights.byType.map((g) => g.posts)).toEqual([2, 2, 2, 2, 2]);
  });

  test('Insights says what is missing and why; the generator and the schedule dialog fall back to their own defaults', async () => {
    const { context, page } = await signedInAs(browser.get(), member, { baseURL: baseUrl(), timezoneId: TIME_ZONE });
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await page.goto('/insights');
      const note = page.getByRole('status').filter({ hasText: 'No comments or reactions from LinkedIn' });
      await note.waitFor();
      await expect(note.textContent()).resolves.toContain('Community Management API');
      await page.getByTestId('insights-summary').filter({ hasText: /^10 posts published in the last 90 days\.$/ }).waitFor();
      await page.getByRole('region', { name: 'By hook style' }).getByRole('img').first().waitFor();
      await expect(page.getByText('What works for you').count()).resolves.toBe(0);
      await expect(page.getByTestId('finding').count()).resolves.toBe(0);
      await expect(page.getByText(/median|best times/i).count()).resolves.toBe(0);

      await page.goto('/content');
      await generate(page, 'framework');
      await expect(hooksGroup(page).getByText(/Ordered by your results/).count()).resolves.toBe(0);
      // as the offline writer wrote them: claim, question, number, story, contrast
      await expect(hooksGroup(page).getByTestId('hook-style').allTextContents()).resolves.toEqual(['Claim', 'Question', 'Number', 'Story', 'Contrast'].map((s) => `Style: ${s}`));

      // a post is scheduled once its hook is chosen
      await pickHook(page, 0);
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule post' });
      const suggestions = dialog.locator('[data-source="framework"]');
      await suggestions.waitFor();
      await expect(suggestions.locator('p').first().textContent()).resolves.toBe('Suggested for Frameworks: Wednesday morning');
      await expect(dialog.locator('[data-source="best-times"]').count()).resolves.toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
