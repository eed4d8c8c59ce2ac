/**
 * Forms and pages do what they say, over the whole stack in Chromium (the offline writer
 * writes). The Contrarian Take's example is the belief its label asks for, and the post argues
 * against what was typed; signed-in pages run without tripping the Content-Security-Policy;
 * /pricing signed out opens the landing page at its pricing section.
 */
import type { Page } from 'playwright-core';
import { chooseType, hookTexts, newPage, sharedBrowser, signUp } from '../src/browser';

jest.setTimeout(180_000);

/** one Chromium for the file's journeys, each in its own context */
const browser = sharedBrowser();

/** words that make a topic the writer's own verdict against a belief, not the belief itself */
const DISSENT = /\b(overrated|myth|holding .* back|holds .* back|doesn't work|no longer|wrong|stop|unpopular|I|my|we|our)\b/i;

/**
 * Collects what the browser reports of the Content-Security-Policy from the first script on:
 * each `securitypolicyviolation` event and each console error about the policy.
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) console.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

describe("the writer's day: forms and pages that say what they do", () => {
  test('Contrarian Take: the example is the conventional wisdom the label asks for, and the post written from it disagrees with what was typed', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page);
      await page.goto('/content');
      await chooseType(page, /^Contrarian Take/);

      const topic = page.getByLabel('What conventional wisdom do you disagree with?');
      const example = ((await topic.getAttribute('placeholder')) ?? '').replace(/^e\.g\.\s*/, '');
      // the example is a belief people hold, not the contrarian view of it
      expect({ example, readsAsDissent: DISSENT.test(example) }).toEqual({ example, readsAsDissent: false });
      expect(example.length).toBeGreaterThan(10);

      // the member follows the example, as members do
      await topic.fill(example);
      await page.getByLabel('Industry/Role').fill('Head of Talent at a fintech');
      await page.getByLabel('What happened that changed your mind?').fill('In 2022 we stopped screening for culture fit and our three best hires came from candidates we used to reject.');
      await page.getByLabel('Target Audience').fill('Hiring managers');
      await page.getByRole('button', { name: 'Generate Content' }).click();
      const hooks = page.getByRole('group', { name: 'Hooks' });
      await hooks.waitFor({ timeout: 60_000 });

      const body = await page.getByLabel('Post body').inputValue();
      const opening = body.split('\n\n')[0];
      const belief = example.replace(/[.!]$/, '');
      // the post names what was typed as the common view and disagrees with it
      expect(opening.toLowerCase()).toContain(belief.toLowerCase());
      expect(opening).toContain('I disagree');
      const shownHooks = await hookTexts(page);
      expect(shownHooks).toHaveLength(5);
      for (const said of [body, ...shownHooks]) {
        expect(said.toLowerCase()).not.toContain(`unpopular opinion: ${belief.toLowerCase()}`);
        expect(said.toLowerCase()).not.toContain(`i'm convinced ${belief.toLowerCase()}`);
      }
    } finally {
      await context.close();
    }
  });

  test('signed-in pages: no Content-Security-Policy violation (zod parses without new Function)', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const violations = await watchCsp(page);
      await signUp(page);
      const seen: string[] = [];
      for (const [path, heading] of [
        ['/dashboard', /^Welcome/],
        ['/content', 'Generate Content'],
        ['/content-management', 'Content Management'],
        ['/profile', 'Profile'],
        ['/settings', 'Settings'],
        ['/pricing', /pricing|plan/i],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        // the page's schemas were built as its code loaded; a violation event is delivered as a task, after this one
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
        seen.push(...(await violations()).map((v) => `${path}: ${v}`));
      }
      expect(seen).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('/pricing while signed out opens the landing page scrolled to its pricing section', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await page.goto('/pricing');
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
      const section = page.locator('#pricing');
      await section.getByRole('heading', { name: 'Simple pricing that pays for itself' }).waitFor();
      await page.waitForFunction(
        () => {
          const top = document.getElementById('pricing')?.getBoundingClientRect().top;
          return top !== undefined && top >= -2 && top < 120 && window.scrollY > 200;
        },
        undefined,
        { timeout: 10_000 },
      );
    } finally {
      await context.close();
    }
  });
});
