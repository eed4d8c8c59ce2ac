/**
 * Journeys through the signed-in screens over the whole stack: the offline generator
 * writes the posts, the LinkedIn sandbox plays LinkedIn (consent page, posts, feed), the
 * scheduler publishes on time. Every screen visited is checked with axe-core (no serious or
 * critical violations) and kept as screenshots at 1280 and 375 px in e2e/artifacts/screenshots.
 *
 * Scheduling a few seconds ahead: the stack runs with SCHEDULE_MIN_LEAD_SECONDS=5, and the
 * interface reads that minimum from the scheduler (GET /api/calendar/settings) for its input's
 * min, hint and check, so the journey drives the real modal and the real server
 * rule with no test-only switch.
 */
import type { Page } from 'playwright-core';
import {
  chooseType,
  checkPage as checkPageAt,
  confirmInApp,
  contentCard,
  contentDetails,
  generate,
  localInputValueIn,
  sharedBrowser,
  newPage,
  pickHook,
  refuseBrowserDialogs,
  sandboxUrl,
  signUp,
} from '../src/browser';

jest.setTimeout(240_000);

/** one Chromium for the file's journeys, each in its own context */
const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'screens', height: 900, settleMs: 200, noSideScroll: true });

const details = contentDetails;
const card = contentCard;

describe('signed-in screens journeys', () => {
  test('trial: dashboard, generate three types, pick a hook, save, the trial limit after 3, then edit and delete in Content Management', async () => {
    const { context, page } = await newPage(browser.get());
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await signUp(page, 'Grace');
      await page.getByRole('heading', { name: 'No content yet' }).waitFor();
      await checkPage(page, 'dashboard-new');

      await page.goto('/content');
      await page.getByRole('heading', { level: 1, name: 'Generate Content' }).waitFor();
      await expect(page.getByTestId('trial-posts-left').textContent()).resolves.toContain('3 of 3 trial posts left');
      await checkPage(page, 'content-start');

      // validation messages in the spec's words, cleared on edit
      await chooseType(page, /^Contrarian Take/);
      await page.getByRole('button', { name: 'Generate Content' }).click();
      await page.getByText('Topic is required').waitFor();
      await page.getByText('Target audience is required').waitFor();
      await checkPage(page, 'content-validation');
      await page.getByLabel(details.controversial.topicLabel).fill('ab');
      await expect(page.getByText('Topic is required').count()).resolves.toBe(0);

      // 1: Contrarian Take, with a hook, saved as a draft
      await generate(page, 'controversial');
      await expect(page.getByRole('button', { name: 'Publish to LinkedIn' }).isDisabled()).resolves.toBe(true);
      const hook = await pickHook(page, 1);
      await expect(page.getByTestId('post-preview-text').textContent()).resolves.toContain(hook);
      await expect(page.getByTestId('length-counter').textContent()).resolves.toMatch(/[\d,]+ \/ 1,600 characters/);
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await page.getByText('Draft saved.').waitFor();
      await expect(page.getByTestId('trial-posts-left').textContent()).resolves.toContain('2 of 3 trial posts left');
      await checkPage(page, 'content-generated');

      // 2 and 3: Behind the Scenes, Framework (each type keeps its own workspace: a type with
      // no post yet shows an empty preview, and coming back to a type shows its draft again)
      await chooseType(page, /^Behind the Scenes/);
      await page.getByRole('heading', { name: 'No content to post' }).waitFor();
      await page.getByRole('button', { name: 'Generate Content' }).waitFor();
      await generate(page, 'story');
      await pickHook(page, 0);
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await page.getByText('Draft saved.').waitFor();
      await chooseType(page, /^Contrarian Take/);
      await page.getByRole('group', { name: 'Hooks' }).getByRole('radio', { name: hook }).waitFor();
      await expect(page.getByRole('group', { name: 'Hooks' }).getByRole('radio', { name: hook }).isChecked()).resolves.toBe(true);
      await chooseType(page, /^Framework/);
      await page.getByRole('heading', { name: 'No content to post' }).waitFor();
      await generate(page, 'framework');

      // the trial limit: banner, Upgrade Now to /pricing; the posts count, not the attempts, so
      // this last draft can still be generated again for free
      await page.getByText('Trial limit reached - Upgrade to continue').waitFor();
      await expect(page.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).resolves.toBe('/pricing');
      await page.getByRole('button', { name: 'Edit details' }).click();
      await page.getByText('Your trial posts are used up, but generating this draft again is still free (3 left).').waitFor();
      await expect(page.getByRole('button', { name: /^Generate again$/ }).isDisabled()).resolves.toBe(false);
      await checkPage(page, 'content-trial-limit');

      // Content Management: three drafts, edit one, delete one
      await page.goto('/content-management');
      await card(page, details.story.topic).waitFor();
      await expect(page.getByTestId('stat-total').textContent()).resolves.toBe('3');
      await expect(page.getByTestId('stat-drafts').textContent()).resolves.toBe('3');
      await checkPage(page, 'management-drafts');

      const story = card(page, details.story.topic);
      await story.getByRole('button', { name: 'Edit' }).click();
      const editor = story.getByLabel('Post text');
      await expect(story.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
      await checkPage(page, 'management-editing');
      await editor.fill('An edited post, in my own words.\n\nWith a second paragraph.');
      await story.getByRole('button', { name: 'Save Changes' }).click();
      await story.getByRole('button', { name: 'Edit' }).waitFor();
      await expect(story.getByTestId('content-text').textContent()).resolves.toContain('An edited post, in my own words.');
      await page.reload();
      await expect(card(page, details.story.topic).getByTestId('content-text').textContent()).resolves.toContain('An edited post, in my own words.');

      await card(page, details.framework.topic).getByRole('button', { name: 'Delete' }).click();
      await expect(confirmInApp(page, 'Delete')).resolves.toBe(`Are you sure you want to delete "${details.framework.topic}"? This action cannot be undone.`);
      await card(page, details.framework.topic).waitFor({ state: 'detached' });
      await expect(page.getByTestId('stat-total').textContent()).resolves.toBe('2');

      // the dashboard now lists the latest items and the mix
      await page.goto('/dashboard');
      await page.getByRole('list', { name: 'Recent content' }).waitFor();
      await expect(page.getByRole('list', { name: 'Recent content' }).getByRole('listitem').count()).resolves.toBe(2);
      await page.getByTestId('funnel-top').waitFor();
      await checkPage(page, 'dashboard-with-content');
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('LinkedIn: connect through the sandbox consent page, publish, View on LinkedIn, schedule seconds ahead and see it published, unschedule', async () => {
    const { context, page } = await newPage(browser.get());
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await signUp(page, 'Linus');

      // three drafts: Industry Insight, Relationship Builder, Contrarian Take
      await page.goto('/content');
      for (const type of ['insight', 'learning', 'controversial'] as const) {
        await generate(page, type);
        await pickHook(page, 2);
        await page.getByRole('button', { name: 'Save as Draft' }).click();
        await page.getByText('Draft saved.').waitFor();
      }

      // connect: profile -> LinkedIn (sandbox) consent -> Allow -> callback -> profile
      await page.goto('/profile');
      await expect(page.getByTestId('linkedin-status').textContent()).resolves.toBe('Not connected');
      await checkPage(page, 'profile-not-connected');
      await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
      await page.waitForURL((url) => url.href.startsWith(sandboxUrl()));
      await page.getByLabel('First name').fill('Linus');
      await page.getByLabel('Last name').fill('Pauling');
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(/\/linkedin\/callback\?/);
      await expect(page.getByTestId('callback-message').textContent()).resolves.toBe('Successfully connected to LinkedIn! Welcome, Linus!');
      await checkPage(page, 'callback-success');
      await page.waitForURL(/\/profile$/, { timeout: 10_000 });
      await page.getByText('Linus Pauling').waitFor();
      await expect(page.getByTestId('linkedin-status').textContent()).resolves.toBe('Connected');
      await checkPage(page, 'profile-connected');

      // publish a draft from Content Management
      await page.goto('/content-management');
      const insight = card(page, details.insight.topic);
      await insight.waitFor();
      const hookText = (await insight.locator('p', { hasText: 'Hook' }).first().textContent())?.replace(/^Hook/, '').trim() ?? '';
      await insight.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(confirmInApp(page, 'Publish')).resolves.toBe('Are you sure you want to publish this content to LinkedIn?');
      await page.getByText('Content published to LinkedIn successfully!').waitFor();
      await expect(insight.getByTestId('status-badge').textContent()).resolves.toBe('Published');

      // View on LinkedIn opens the sandbox feed in a new tab, with the post in it
      const view = insight.getByRole('link', { name: /View on LinkedIn/ });
      await expect(view.getAttribute('target')).resolves.toBe('_blank');
      const [feed] = await Promise.all([page.waitForEvent('popup'), view.click()]);
      await feed.waitForLoadState();
      expect(feed.url().startsWith(sandboxUrl())).toBe(true);
      await expect(feed.locator('article.post').first().textContent()).resolves.toContain(hookText.slice(0, 40));
      await feed.close();

      // schedule a draft a few seconds ahead and watch the scheduler publish it
      const learning = card(page, details.learning.topic);
      await learning.getByRole('button', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule post' });
      await dialog.waitFor();
      const input = dialog.getByLabel('Date and time');
      // the lead is the server's (SCHEDULE_MIN_LEAD_SECONDS=5 in this stack), served by GET /api/calendar/settings
      await expect(dialog.getByText('Minimum 5 seconds from now').count()).resolves.toBe(1);
      const min = await input.getAttribute('min');
      expect(await input.inputValue()).toBe(min);
      await dialog.getByRole('button', { name: /^Mon|^Tue|^Wed|^Thu|^Fri|^Sat|^Sun/ }).first().waitFor();
      await checkPage(page, 'schedule-modal');
      await input.fill('');
      await expect(dialog.getByRole('button', { name: 'Confirm Schedule' }).isDisabled()).resolves.toBe(true);
      await input.fill(await localInputValueIn(page, 20_000));
      await dialog.getByRole('button', { name: 'Confirm Schedule' }).click();
      await page.getByText('Content scheduled successfully!').waitFor();
      await expect(learning.getByTestId('status-badge').textContent()).resolves.toBe('Scheduled');
      await learning.getByText(/Scheduled for/).waitFor();
      await checkPage(page, 'management-scheduled');
      await learning.getByTestId('status-badge').filter({ hasText: 'Published' }).waitFor({ timeout: 90_000 });
      await learning.getByRole('link', { name: /View on LinkedIn/ }).waitFor();

      // schedule the last draft an hour ahead, then unschedule it (the modal opens at the
      // server's minimum, 5 seconds in this stack, so the hour is typed in)
      const contrarian = card(page, details.controversial.topic);
      await contrarian.getByRole('button', { name: 'Schedule' }).click();
      await dialog.waitFor();
      await input.fill(await localInputValueIn(page, 3_600_000));
      await dialog.getByRole('button', { name: 'Confirm Schedule' }).click();
      await page.getByText('Content scheduled successfully!').waitFor();
      await contrarian.getByRole('button', { name: 'Unschedule' }).click();
      await expect(confirmInApp(page, 'Unschedule')).resolves.toBe(`Are you sure you want to unschedule "${details.controversial.topic}"?`);
      await page.getByText('Content unscheduled successfully!').waitFor();
      await expect(contrarian.getByTestId('status-badge').textContent()).resolves.toBe('Draft');

      // the filter lives in the address and the router applies it in a transition: wait for the
      // published list itself before counting its cards
      await page.getByRole('tab', { name: /Published/ }).click();
      const publishedList = page.getByRole('list', { name: 'Published content' });
      await publishedList.waitFor();
      await expect(publishedList.getByTestId('content-card').count()).resolves.toBe(2);
      await checkPage(page, 'management-published');

      await page.goto('/dashboard');
      await page.getByText('Connected as Linus Pauling').waitFor();
      await checkPage(page, 'dashboard-connected');

      // Insights on this stack's share app: the two posts counted, no figures claimed, and why
      await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Insights' }).click();
      await page.getByText('No comments or reactions from LinkedIn').waitFor();
      await page.getByText('2 posts published in the last 90 days.').waitFor();
      await page.getByRole('region', { name: 'By content type' }).getByRole('img', { name: /Industry Insight: 1 post; Relationship Builder: 1 post/ }).waitFor();
      await expect(page.getByText(/median/i).count()).resolves.toBe(0);
      await checkPage(page, 'insights-share');
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('support search and System Status, then a profile edit', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Ada');

      await page.goto('/support');
      await expect(page.getByTestId('result-count').textContent()).resolves.toBe('14 topics');
      await page.getByRole('searchbox', { name: 'Search help topics' }).fill('schedul');
      await expect(page.getByTestId('result-count').textContent()).resolves.toMatch(/^\d+ of 14 topics$/);
      const topic = page.getByRole('button', { name: /How does scheduling work\?/ });
      await topic.click();
      await page.getByText('at least 1 hour from now', { exact: false }).first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="status-item"][data-state="ok"]').length === 3);
      await checkPage(page, 'support-search');
      await page.getByRole('searchbox', { name: 'Search help topics' }).fill('no such words anywhere');
      await page.getByRole('heading', { name: 'No topics match your search' }).waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.getByRole('button', { name: 'LinkedIn help' }).click();
      await expect(page.getByTestId('result-count').textContent()).resolves.toBe('3 of 14 topics');

      await page.goto('/profile');
      const personal = page.getByRole('region', { name: 'Personal Information' });
      await personal.getByRole('button', { name: 'Edit Profile' }).click();
      await personal.getByLabel('Job Title').fill('Chief Operating Officer');
      await personal.getByLabel('Company').fill('Analytical Engines');
      await personal.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/ada-tester');
      await personal.getByLabel('Bio').fill('I write about operations and the people who run them.');
      await checkPage(page, 'profile-editing');
      await personal.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Profile updated successfully!').waitFor();
      await expect(personal.getByText('Chief Operating Officer').count()).resolves.toBe(1);
      await page.getByText('Profile updated successfully!').waitFor({ state: 'detached', timeout: 6_000 });
      await page.reload();
      await page.getByRole('region', { name: 'Personal Information' }).getByText('Analytical Engines').waitFor();
      await checkPage(page, 'profile-saved');
    } finally {
      await context.close();
    }
  });

  test('LinkedIn callback errors end at the profile; a cancelled consent is no error', async () => {
    const { context, page } = await newPage(browser.get(), 375, 800);
    try {
      await signUp(page, 'Edsger');
      await page.goto('/linkedin/callback?error=unauthorized_scope_error&error_description=Scope%20not%20authorized');
      await expect(page.getByTestId('callback-message').textContent()).resolves.toBe('LinkedIn authorization failed: Scope not authorized');
      await page.getByRole('alert').getByRole('heading', { name: 'LinkedIn connection failed' }).waitFor();
      await checkPage(page, 'callback-error');
      await page.waitForURL(/\/profile$/, { timeout: 10_000 });
      // Cancel on LinkedIn's consent page is said neutrally, not as a failure: the member chose it
      await page.goto('/linkedin/callback?error=user_cancelled_authorize&error_description=The%20member%20cancelled');
      await page.getByRole('status').getByRole('heading', { name: 'Connection cancelled' }).waitFor();
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      await page.waitForURL(/\/profile$/, { timeout: 10_000 });
      await page.goto('/linkedin/callback?code=forged&state=forged');
      await page.getByRole('heading', { name: 'LinkedIn connection failed' }).waitFor();
      await page.waitForURL(/\/profile$/, { timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
