/**
 * The generator does what it says: one journey per behaviour, over the whole stack in Chromium
 * (the offline generator writes, the LinkedIn sandbox plays LinkedIn and records what it is sent). The publish confirmation is checked with axe-core
 * at 1280 and 375 px and kept as screenshots (writers-day-generator-*.png in e2e/artifacts).
 */
import type { Page } from 'playwright-core';
import { checkPage as checkPageAt, connectLinkedIn, generate, hooksGroup, linkedInPosts, newPage, pickHook, postBody, refuseBrowserDialogs, sharedBrowser, signUp } from '../src/browser';

jest.setTimeout(240_000);

const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'writers-day-generator', height: 800, settleMs: 200, noSideScroll: true });

/** Where an element's top is on the screen (0 is the top of the viewport). */
async function topOf(locator: ReturnType<typeof hooksGroup>): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not laid out');
  return box.y;
}

/** window.scrollY at every frame for `ms` milliseconds (the page's own clock, no fixed sleep between samples). */
function scrollSamples(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const samples: number[] = [];
        const start = performance.now();
        const tick = () => {
          samples.push(window.scrollY);
          if (performance.now() - start < duration) requestAnimationFrame(tick);
          else resolve(samples);
        };
        tick();
      }),
    ms,
  );
}

describe('the writer’s day in the generator', () => {
  test('after Generate the result stays in view: the hooks on screen with focus in them, and the page is not scrolled back to the top', async () => {
    const { context, page } = await newPage(browser.get(), 1280, 800);
    try {
      await signUp(page, 'Scrolla');
      await page.goto('/content');
      await generate(page, 'framework');

      // the result is brought up and stays: sampled over a second and a half, the page never
      // goes back to the top, not even by a smooth scroll after the hooks come into view
      const samples = await scrollSamples(page, 1500);
      const away = samples.findIndex((y) => y > 0);
      expect(away).toBeGreaterThanOrEqual(0);
      expect(samples.slice(away).filter((y) => y === 0)).toEqual([]);
      const settled = samples[samples.length - 1];
      // a second later it is still there: no jump
      const later = await scrollSamples(page, 1000);
      expect(later.filter((y) => y !== settled)).toEqual([]);

      const hooksTop = await topOf(hooksGroup(page));
      expect(hooksTop).toBeGreaterThanOrEqual(0);
      expect(hooksTop).toBeLessThan(400);
      expect(await topOf(postBody(page))).toBeLessThan(800);
      // keyboard focus is in the result, on screen: the next Tab reaches the first hook
      await expect(page.evaluate(() => Boolean(document.activeElement?.querySelector('[role="group"], fieldset')))).resolves.toBe(true);
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        const shown = (element?.closest('label') ?? element)?.getBoundingClientRect();
        return { inHooks: Boolean(element?.closest('fieldset')), top: shown?.top ?? -1, bottom: shown?.bottom ?? Number.MAX_SAFE_INTEGER };
      });
      expect(focused.inHooks).toBe(true);
      expect(focused.top).toBeGreaterThanOrEqual(0);
      expect(focused.bottom).toBeLessThanOrEqual(800);
    } finally {
      await context.close();
    }
  });

  test('Post to LinkedIn in the generator asks first, showing the first line and the length; Cancel publishes nothing', async () => {
    const { context, page } = await newPage(browser.get());
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await signUp(page, 'Asker');
      const linkedinEmail = await connectLinkedIn(page, 'Asker', 'First');
      await page.goto('/content');
      await generate(page, 'insight');
      const hook = await pickHook(page, 2);
      const text = (await page.getByTestId('post-preview-text').textContent()) ?? '';
      const length = `${hook}\n\n${await postBody(page).inputValue()}`.length;

      await page.getByRole('button', { name: 'Publish to LinkedIn' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish to LinkedIn?' });
      await dialog.waitFor();
      await expect(dialog.getByTestId('confirm-message').textContent()).resolves.toBe('Are you sure you want to publish this content to LinkedIn?');
      const opening = (await dialog.getByTestId('publish-opening').textContent()) ?? '';
      expect(opening.startsWith(hook)).toBe(true);
      expect(text.startsWith(hook)).toBe(true);
      await expect(dialog.getByTestId('publish-length').textContent()).resolves.toMatch(
        new RegExp(`^${length.toLocaleString('en-US')} characters: within LinkedIn's limit of 3,000, (within|shorter than|longer than) the optimal 1,300-1,600\\.$`),
      );
      await checkPage(page, 'publish-confirm');

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect(page.getByRole('button', { name: 'Publish to LinkedIn' }).isEnabled()).resolves.toBe(true);
      await expect(page.getByText('Content posted to LinkedIn successfully!').count()).resolves.toBe(0);
      expect((await linkedInPosts(linkedinEmail)).filter((post) => post.text.startsWith(hook))).toHaveLength(0);
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a 3,500-character paste is kept whole: the editor says how far over it is, Publish and Schedule are refused with the length message, and a reload keeps it', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Paster');
      const linkedinEmail = await connectLinkedIn(page, 'Paster', 'Long');
      await page.goto('/content');
      await generate(page, 'story');
      const hook = await pickHook(page, 0);

      const pasted = 'Two days before payroll our largest customer paid late, and I told the team the truth. '.repeat(50).slice(0, 3500);
      expect(pasted).toHaveLength(3500);
      const body = postBody(page);
      await body.click();
      await page.keyboard.press('ControlOrMeta+A');
      const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/content\/[^/]+\/edit$/.test(new URL(response.url()).pathname) && (response.request().postData() ?? '').includes(pasted.slice(-40)));
      // as a paste arrives: one insertion of the whole text (a maxLength would cut it here)
      await page.keyboard.insertText(pasted);
      await expect(body.inputValue()).resolves.toHaveLength(3500);

      const total = hook.length + 2 + 3500;
      const over = (total - 3000).toLocaleString('en-US');
      await expect(page.getByTestId('length-counter').textContent()).resolves.toContain(`${total.toLocaleString('en-US')} / 1,600 characters · ${over} over LinkedIn's 3,000`);
      await expect(page.getByTestId('field-error').textContent()).resolves.toBe(
        `This post is ${total.toLocaleString('en-US')} characters, ${over} over LinkedIn's limit of 3,000. It is kept as a draft; shorten it by ${over} characters to publish or schedule it.`,
      );
      const lengthMessage = `The post is ${total.toLocaleString('en-US')} characters long; LinkedIn allows at most 3,000.`;
      const publish = page.getByRole('button', { name: 'Publish to LinkedIn' });
      await expect(publish.isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Schedule' }).isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('publish-note').textContent()).resolves.toBe(lengthMessage);
      await expect(publish.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).resolves.toBe(lengthMessage);
      await checkPage(page, 'over-limit');

      // the draft holds what was pasted: stored, and there after a reload
      expect((await saved).status()).toBe(200);
      await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
      await page.reload();
      await hooksGroup(page).waitFor();
      await expect(postBody(page).inputValue()).resolves.toBe(pasted);
      await expect(page.getByTestId('publish-note').textContent()).resolves.toBe(lengthMessage);
      expect((await linkedInPosts(linkedinEmail)).filter((post) => post.text.startsWith(hook))).toHaveLength(0);
    } finally {
      await context.close();
    }
  });
});
