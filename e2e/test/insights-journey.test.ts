/**
 * What a member's own results change, over a stack with the Community Management app (the only
 * kind LinkedIn gives post analytics; insights-stack.ts), in Chromium: a member seeded as `npm run
 * seed:demo` seeds one (60 posts over 90 days, figures from the LinkedIn sandbox's engagement
 * model) opens Insights and sees charts and findings; the generator puts the hook of their best
 * style first and says why; the schedule dialog suggests their best times and says so. The
 * Insights page is checked with axe-core at 1280 and 375 px (insights-journey-*.png in
 * e2e/artifacts/screenshots).
 */
import type { Page } from 'playwright-core';
import type { HookStyle, InsightsResponse } from '@postwright/contracts';
import type { SeededMember } from '../../platform/scripts/seed-demo';
import { checkPage as checkPageAt, generate, hooksGroup, pickHook, refuseBrowserDialogs, sharedBrowser, signedInAs } from '../src/browser';
import { launchDemoStack, type DemoStack } from './insights-stack';

jest.setTimeout(300_000);

const TIME_ZONE = 'Europe/Paris';
const browser = sharedBrowser();
const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'insights-journey', height: 900, settleMs: 300, noSideScroll: true });

const STYLE_LABELS: Record<HookStyle, string> = { claim: 'Claim', question: 'Question', number: 'Number', story: 'Story', contrast: 'Contrast' };
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hourText = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

describe('insights: a member’s own results, fed back into what they write and when', () => {
  let demo: DemoStack;
  let member: SeededMember;
  /** what the service makes of the seeded history: the page must show this, and nothing else */
  let insights: InsightsResponse;

  beforeAll(async () => {
    demo = await launchDemoStack();
    member = await demo.seed();
    const res = await fetch(`${demo.baseUrl}/api/insights?range=90d&tz=${encodeURIComponent(TIME_ZONE)}`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(res.status).toBe(200);
    insights = (await res.json()) as InsightsResponse;
  }, 420_000);
  afterAll(async () => {
    await demo?.stop();
  }, 120_000);

  test('the seeded history has figures for every post, and enough of them to compare and feed back', () => {
    expect(member.analytics).toBe(true);
    expect(insights).toMatchObject({ posts: 60, measured: 60, timeZone: TIME_ZONE });
    expect(insights.findings.length).toBeGreaterThanOrEqual(3);
    expect(insights.recommendations.hookOrder).not.toBeNull();
    expect(insights.recommendations.times).not.toBeNull();
    // the sandbox's audience favours question hooks for comments, and weekday mornings
    expect(insights.recommendations.hookOrder!.styles[0]).toBe('question');
    expect(insights.recommendations.times!.slots[0].hour).toBeLessThan(12);
  });

  test('Insights shows the charts and the findings, each sentence with the posts behind it', async () => {
    const { context, page } = await signedInAs(browser.get(), member, { baseURL: demo.baseUrl, timezoneId: TIME_ZONE });
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Insights' }).click();
      await page.getByTestId('insights-summary').filter({ hasText: '60 posts published in the last 90 days, 60 with figures from LinkedIn.' }).waitFor();
      await expect(page.getByText('No comments or reactions from LinkedIn').count()).resolves.toBe(0);

      const findings = page.getByTestId('finding');
      await expect(findings.count()).resolves.toBe(insights.findings.length);
      for (const [i, finding] of insights.findings.entries()) {
        await expect(findings.nth(i).textContent()).resolves.toContain(finding.text);
        for (const evidence of finding.evidence) await expect(findings.nth(i).getByRole('list', { name: 'Evidence' }).textContent()).resolves.toContain(String(evidence.posts));
      }
      // every chart is drawn, and named for a screen reader
      for (const region of ['By content type', 'By hook style', 'Week by week', 'By length']) {
        await expect(page.getByRole('region', { name: region }).getByRole('img').count()).resolves.toBeGreaterThan(0);
      }
      // the week as a table of weekday-hours, the member's best ones named as such
      const week = page.getByRole('region', { name: 'By weekday and hour' });
      await week.getByText(insights.recommendations.times!.reason).waitFor();
      for (const slot of insights.recommendations.times!.slots) {
        await expect(week.getByTestId(`cell-${slot.weekday}-${slot.hour}`).textContent()).resolves.toContain('one of your best times');
      }
      await checkPage(page, 'insights');
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the generator shows the hook of the member’s best style first and says why; the schedule dialog suggests their best times and says so', async () => {
    const { context, page } = await signedInAs(browser.get(), member, { baseURL: demo.baseUrl, timezoneId: TIME_ZONE });
    try {
      await page.goto('/content');
      const hooks = await generate(page, 'story');
      const order = insights.recommendations.hookOrder!;
      await hooks.getByText(`Ordered by your results: ${order.reason.replace(/^Your\b/, 'your')}`).waitFor();
      // the offline writer gives one hook of each style: they come in the member's order
      const shown = await hooksGroup(page).getByTestId('hook-style').allTextContents();
      expect(shown).toEqual(order.styles.map((style) => `Style: ${STYLE_LABELS[style]}`));

      // a post is scheduled once its hook is chosen
      await pickHook(page, 0);
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule post' });
      const suggestions = dialog.locator('[data-source="best-times"]');
      await suggestions.waitFor();
      const best = insights.recommendations.times!.slots[0];
      const cell = insights.byWeekdayHour.find((c) => c.weekday === best.weekday && c.hour === best.hour)!;
      await expect(suggestions.locator('p').first().textContent()).resolves.toBe(
        `Suggested from your best times (${WEEKDAYS[best.weekday - 1]}s ${hourText(best.hour)}, ${cell.posts} posts)`,
      );
      // each suggested time is one of the best weekday-hours, in the member's zone ("Thu, Dec 3, 8:00 AM")
      const bestTimes = insights.recommendations.times!.slots.map((slot) => `${WEEKDAYS[slot.weekday - 1].slice(0, 3)} ${hourText(slot.hour).replace(' ', ':00 ')}`);
      const offered = (await suggestions.getByRole('group').getByRole('button').allTextContents()).map((text) => text.replace(/^(\w{3}), \w{3} \d{1,2}, /, '$1 '));
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.filter((time) => !bestTimes.includes(time))).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await context.close();
    }
  });
});
