/**
 * Streamed generation over the whole stack in Chromium: the generator asks for an
 * event stream and paints the body as it is written, then each hook once complete, then the
 * stored draft. The offline writer sends a whole post in one burst, so the page goes through a
 * forward proxy that hands the stream's events on one at a time (src/pacing-proxy.ts), as a
 * model's tokens would come. (Throttling the page's network through the DevTools protocol would
 * not do: it delays a burst but delivers it in one read, so the body shows in one piece.)
 * The page records what it paints (a MutationObserver for when the text changed,
 * requestAnimationFrame for what each frame showed) and the journey asserts on that record,
 * never on fixed sleeps.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { EVENT_STREAM_TYPE, HOOK_COUNT } from '@postwright/contracts';
import { ARTIFACTS, baseUrl, fillDetails, sharedBrowser, signUp } from '../src/browser';
import { startPacingProxy, type PacingProxy } from '../src/pacing-proxy';

jest.setTimeout(240_000);

const browser = sharedBrowser();

const isGenerate = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/content/generate';

interface Sample {
  /** performance.now() in the page */
  t: number;
  /** animation frames seen so far */
  frame: number;
  /** characters of body text in the live preview */
  length: number;
  /** hooks shown in the live preview */
  hooks: number;
}

interface Timeline {
  /** each change of the live preview, as the DOM changed */
  changes: Sample[];
  /** what each animation frame was about to paint, when it differed from the frame before */
  painted: Sample[];
  /** the live body text as last seen (the text the page last showed while writing) */
  lastBody: string;
}

type TimelineWindow = Window & { __streamTimeline?: Timeline; __stopTimeline?: () => void };

/** Starts recording the live preview in the page (before Generate is pressed). */
async function recordTimeline(page: Page): Promise<void> {
  await page.evaluate(() => {
    const timeline: Timeline = { changes: [], painted: [], lastBody: '' };
    const win = window as TimelineWindow;
    win.__streamTimeline = timeline;
    let frame = 0;
    let running = true;
    const read = (): Sample => {
      const body = document.querySelector('[data-testid="live-body"]');
      // the caret is an empty span: the text is the body as written so far
      const text = body?.textContent ?? '';
      if (body) timeline.lastBody = text;
      return { t: performance.now(), frame, length: text.length, hooks: document.querySelectorAll('[data-testid="live-hook"]').length };
    };
    const differs = (a: Sample | undefined, b: Sample) => !a || a.length !== b.length || a.hooks !== b.hooks;
    new MutationObserver(() => {
      const now = read();
      if (differs(timeline.changes.at(-1), now)) timeline.changes.push(now);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    const tick = () => {
      if (!running) return;
      frame += 1;
      const now = read();
      if (differs(timeline.painted.at(-1), now)) timeline.painted.push(now);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    win.__stopTimeline = () => {
      running = false;
    };
  });
}

async function readTimeline(page: Page): Promise<Timeline> {
  return page.evaluate(() => {
    const win = window as TimelineWindow;
    win.__stopTimeline?.();
    return win.__streamTimeline!;
  });
}

const increasing = (values: number[]) => values.every((value, i) => i === 0 || value > values[i - 1]);

/** the time between two events of a stream, about a model's pace for a paragraph */
const PACE_MS = 80;

let proxy: PacingProxy;
beforeAll(async () => {
  proxy = await startPacingProxy(PACE_MS);
});
afterAll(async () => {
  await proxy?.close();
});

describe('streamed generation', () => {
  test('the body is painted as it grows, the hooks appear after it, then the stored draft takes its place', async () => {
    const context = await browser.get().newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl(), proxy: { server: proxy.url } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signUp(page, 'Stream');
      await page.goto('/content');
      await fillDetails(page, 'framework');
      const generateRequests: Request[] = [];
      page.on('request', (request) => {
        if (isGenerate(request)) generateRequests.push(request);
      });

      await recordTimeline(page);
      const answered = page.waitForResponse((response) => isGenerate(response.request()));
      await page.getByRole('button', { name: 'Generate Content' }).click();

      const response = await answered;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(new RegExp(`^${EVENT_STREAM_TYPE}`));
      expect(generateRequests[0].headers().accept).toBe(EVENT_STREAM_TYPE);

      // while it is written: the busy button, Cancel, a polite status, the growing text
      await page.getByRole('button', { name: 'Generating...' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor();
      await page.getByTestId('live-post').getByRole('status').filter({ hasText: 'Writing your post and five hooks...' }).waitFor();
      await page.getByTestId('live-body').waitFor();

      // the stored draft replaces the live preview (or the failure that came instead says why)
      const hooks = page.getByRole('group', { name: 'Hooks' });
      const failure = page.getByRole('alert');
      await hooks.or(failure).waitFor({ timeout: 60_000 });
      expect(await failure.allTextContents()).toEqual([]);
      await expect(hooks.getByRole('radio').count()).resolves.toBe(5);
      await page.getByTestId('live-post').waitFor({ state: 'detached' });
      await page.waitForURL(/\/content\?draft=/);
      await expect(page.getByTestId('trial-posts-left').textContent()).resolves.toContain('2 of 3 trial posts left');

      const timeline = await readTimeline(page);
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      fs.writeFileSync(path.join(ARTIFACTS, 'generation-stream-timeline.json'), JSON.stringify(timeline, null, 2));
      const firstBody = timeline.changes.find((s) => s.length > 0);
      const firstHook = timeline.changes.find((s) => s.hooks > 0);
      expect(firstBody).toBeDefined();
      expect(firstHook).toBeDefined();
      // the hooks come after the body has started to show
      expect(firstHook!.t).toBeGreaterThan(firstBody!.t);

      // several frames (each sample is one frame) painted a longer body, before any hook was shown
      const paintedBeforeHooks = timeline.painted.filter((s) => s.hooks === 0 && s.length > 0);
      const lengths = paintedBeforeHooks.map((s) => s.length);
      expect(lengths.length).toBeGreaterThanOrEqual(3);
      expect(increasing(lengths)).toBe(true);
      // and the growth took time (it was not one paint of the whole text)
      expect(paintedBeforeHooks.at(-1)!.t - paintedBeforeHooks[0].t).toBeGreaterThan(200);
      // the hooks were shown as they completed, all five before the stored draft
      expect(Math.max(...timeline.painted.map((s) => s.hooks))).toBe(HOOK_COUNT);
      // the text only ever grew (the offline writer never starts over)
      const shown = timeline.changes.filter((s) => s.length > 0).map((s) => s.length);
      expect(shown.every((length, i) => i === 0 || length >= shown[i - 1])).toBe(true);

      // what was streamed is what was stored
      const stored = await page.getByLabel('Post body').inputValue();
      expect(timeline.lastBody.trim()).toBe(stored.trim());
      // one generation: the stream was not asked for twice, nor fell back to JSON
      expect(generateRequests).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
