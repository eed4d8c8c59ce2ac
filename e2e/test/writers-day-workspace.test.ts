/**
 * The generator's smaller behaviours, one journey each, over the whole stack in Chromium. Undo
 * and Redo read the same after a reload and in another tab; each content type keeps its own
 * form; a type card takes the first click after switching back to a type with a draft; a Cancel
 * that crosses the server's answer shows the post the server kept. The new states are checked
 * with axe-core at 1280 and 375 px (writers-day-*.png).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { EVENT_STREAM_TYPE, eventStreamReader, parseStreamEvent, type GenerateResponse } from '@postwright/contracts';
import {
  baseUrl,
  checkPage as checkPageAt,
  chooseType,
  confirmInApp,
  contentCard,
  contentDetails,
  draftIdOf,
  fillDetails,
  generate,
  hooksGroup,
  hookTexts,
  newPage,
  pickHook,
  postBody,
  sharedBrowser,
  signUp,
  until,
} from '../src/browser';

jest.setTimeout(240_000);

const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'writers-day', height: 900, settleMs: 200, noSideScroll: true });

const UNDO_TEXT = 'Generated again: the text it replaced is one undo away.';
const REDO_TEXT = 'Previous version restored: the newer text is one redo away.';

/** The version banner as the page shows it: which of its two sentences, and its button's label. */
async function versionBanner(page: Page): Promise<{ text: string; button: string }> {
  const banner = page.getByRole('status').filter({ has: page.getByRole('button', { name: /^(Undo|Redo)$/ }) });
  await banner.waitFor();
  const text = (await banner.textContent()) ?? '';
  const button = (await banner.getByRole('button', { name: /^(Undo|Redo)$/ }).textContent()) ?? '';
  return { text: [UNDO_TEXT, REDO_TEXT].find((sentence) => text.includes(sentence)) ?? text, button };
}

/** The sentence of the banner that offers `button`. */
const BANNER_TEXT = { Undo: UNDO_TEXT, Redo: REDO_TEXT } as const;

/** The open draft (just loaded) shows `text`, under the banner that offers `button`. */
async function expectVersion(page: Page, text: string, button: 'Undo' | 'Redo'): Promise<void> {
  await hooksGroup(page).waitFor();
  await expect(postBody(page).inputValue()).resolves.toBe(text);
  await expect(versionBanner(page)).resolves.toEqual({ text: BANNER_TEXT[button], button });
}

/** Clicks Undo or Redo; waits for the banner then offering the other, and for `text` back in the body. */
async function clickVersion(page: Page, button: 'Undo' | 'Redo', text: string, what: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByText(BANNER_TEXT[button === 'Undo' ? 'Redo' : 'Undo']).waitFor();
  await until(() => postBody(page).inputValue(), (value) => value === text, what);
}

/** Generate again on the open draft; answers the app's question when it asks one first (a trial's). */
async function generateAgain(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByRole('button', { name: 'Generate again', exact: true }).click();
  const question = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-message') });
  await question.or(page.getByText(UNDO_TEXT)).first().waitFor();
  if (await question.isVisible()) await confirmInApp(page, 'Generate again');
  await page.getByText(UNDO_TEXT).waitFor({ timeout: 60_000 });
}

/** The focused element of the page: a radio's value, else its tag. */
const focused = (page: Page) => page.evaluate(() => (document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'radio' ? document.activeElement.value : (document.activeElement?.tagName ?? null)));

/**
 * A forward proxy for a browser context that passes everything through, except that it holds
 * an event stream's body: the browser has the answer's headers (the stream is open) while the
 * server writes, stores and counts the whole post. `streamed` resolves with what the server sent.
 */
async function startHoldingProxy() {
  let answered!: (text: string) => void;
  const streamed = new Promise<string>((resolve) => (answered = resolve));
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = http.request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers }, (answer) => {
      const kept = { ...answer.headers };
      delete kept['transfer-encoding'];
      delete kept.connection;
      res.writeHead(answer.statusCode ?? 502, kept);
      if (!String(answer.headers['content-type'] ?? '').startsWith(EVENT_STREAM_TYPE)) {
        answer.pipe(res);
        return;
      }
      res.flushHeaders();
      let text = '';
      answer.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      answer.on('end', () => answered(text));
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    streamed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `done` event of a stream as the server sent it. */
function doneOf(text: string): GenerateResponse {
  for (const raw of eventStreamReader().push(text)) {
    const event = parseStreamEvent(raw);
    if (event?.event === 'done') return event.data;
  }
  throw new Error(`the stream had no done event: ${text.slice(0, 300)}`);
}

describe("the writer's day: the generator's smaller defects", () => {
  test('after Generate again and Undo, the banner and its button say Redo after a reload and in another tab, and Undo again once redone', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Undine');
      await page.goto('/content');
      await generate(page, 'learning');
      const id = draftIdOf(page);
      const first = await postBody(page).inputValue();
      await generateAgain(page);
      const second = await until(() => postBody(page).inputValue(), (value) => value !== first, 'the text of Generate again');

      await clickVersion(page, 'Undo', first, 'the first text back');

      // a reload: the same draft, the same direction
      await page.reload();
      await expectVersion(page, first, 'Redo');
      await checkPage(page, 'redo-after-reload');

      // another tab, which never saw the Undo
      const other = await context.newPage();
      other.setDefaultTimeout(15_000);
      await other.goto(`/content?draft=${encodeURIComponent(id)}`);
      await expectVersion(other, first, 'Redo');

      // Redo there: the newer text is back, and the first tab, reloaded, offers Undo
      await clickVersion(other, 'Redo', second, 'the newer text back');
      await page.reload();
      await expectVersion(page, second, 'Undo');
    } finally {
      await context.close();
    }
  });

  test('each content type keeps its own form: a new type starts empty, nothing of the last type or its draft is copied in, before or after a reload', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Formica');
      await page.goto('/content');
      await fillDetails(page, 'controversial');

      // a type never used: empty, whatever was typed on the other
      await chooseType(page, /^Framework/);
      await page.getByRole('heading', { name: /Framework details$/ }).waitFor();
      for (const label of [contentDetails.framework.topicLabel, 'Industry/Role', contentDetails.framework.experienceLabel, 'Target Audience']) {
        await expect(page.getByLabel(label).inputValue()).resolves.toBe('');
      }
      await page.getByLabel(contentDetails.framework.topicLabel).fill(contentDetails.framework.topic);

      // after a reload each type still has its own
      await page.reload();
      await expect(page.getByLabel(contentDetails.framework.topicLabel).inputValue()).resolves.toBe(contentDetails.framework.topic);
      await expect(page.getByLabel('Industry/Role').inputValue()).resolves.toBe('');
      await chooseType(page, /^Contrarian Take/);
      await expect(page.getByLabel(contentDetails.controversial.topicLabel).inputValue()).resolves.toBe(contentDetails.controversial.topic);
      await expect(page.getByLabel('Industry/Role').inputValue()).resolves.toBe('COO at a B2B software company');

      // from a type with a draft: the next type starts empty too
      await generate(page, 'story');
      await chooseType(page, /^Industry Insight/);
      await page.getByRole('heading', { name: /Industry Insight details$/ }).waitFor();
      await expect(page.getByLabel(contentDetails.insight.topicLabel).inputValue()).resolves.toBe('');
      await expect(page.getByLabel('Industry/Role').inputValue()).resolves.toBe('');
      await page.reload();
      await page.getByRole('heading', { name: /Industry Insight details$/ }).waitFor();
      await expect(page.getByLabel(contentDetails.insight.topicLabel).inputValue()).resolves.toBe('');
      await expect(page.getByLabel(contentDetails.insight.experienceLabel).inputValue()).resolves.toBe('');
    } finally {
      await context.close();
    }
  });

  test('a content type card takes the first click, also right after switching back to a type with a draft (which opens where the cards are, focus on the card)', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Clicky');
      await page.goto('/content');
      await generate(page, 'controversial');
      const contrarianHook = await pickHook(page, 1);
      await generate(page, 'story');
      const storyHook = await pickHook(page, 0);

      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        for (let round = 0; round < 4; round++) {
          // back to a type with a draft: it opens, and nothing moves the page away from the cards
          await chooseType(page, /^Contrarian Take/);
          await hooksGroup(page).getByRole('radio', { name: contrarianHook }).waitFor();
          await expect(hooksGroup(page).getByRole('radio', { name: contrarianHook }).isChecked()).resolves.toBe(true);
          await expect(focused(page)).resolves.toBe('controversial');
          // the very next card (each chooseType is one click; a lost one fails the journey)
          await chooseType(page, /^Framework/);
          await page.getByRole('heading', { name: /Framework details$/ }).waitFor();
          await chooseType(page, /^Behind the Scenes/);
          // and away again before that draft has opened, then back
          await chooseType(page, /^Industry Insight/);
          await chooseType(page, /^Behind the Scenes/);
          await hooksGroup(page).getByRole('radio', { name: storyHook }).waitFor();
          await expect(focused(page)).resolves.toBe('story');
        }
      }
    } finally {
      await context.close();
    }
  });

  test('Cancel that crosses the answer on the wire (the server had written, stored and counted the post) shows that post and says so', async () => {
    const proxy = await startHoldingProxy();
    const context = await browser.get().newContext({ viewport: { width: 1280, height: 900 }, baseURL: baseUrl(), proxy: { server: proxy.url } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signUp(page, 'Cancella');
      await page.goto('/content');
      await fillDetails(page, 'framework');
      await page.getByRole('button', { name: 'Generate Content' }).click();
      await page.getByRole('button', { name: 'Generating...' }).waitFor();

      // the server has finished: stored and counted; the page has seen none of it, so Cancel is offered
      const { content } = doneOf(await proxy.streamed);
      const cancel = page.getByRole('button', { name: 'Cancel' });
      await expect(cancel.isEnabled()).resolves.toBe(true);
      await cancel.click();

      // the page shows what the server kept, and says why
      await hooksGroup(page).waitFor();
      await expect(hooksGroup(page).getByRole('radio').count()).resolves.toBe(5);
      expect(await hookTexts(page)).toEqual(content.hooks);
      await page.getByText('Writing had already started when you cancelled: this post counts and is saved as a draft.').waitFor();
      await page.waitForURL((url) => url.searchParams.get('draft') === content.id);
      // the count is read afresh from the server once the post is shown: it arrives a moment later
      await page.getByTestId('trial-posts-left').filter({ hasText: '2 of 3 trial posts left' }).waitFor();
      await checkPage(page, 'kept-after-cancel');

      // Content Management has the same one draft
      await page.goto('/content-management');
      await contentCard(page, contentDetails.framework.topic).waitFor();
      await expect(page.getByTestId('stat-total').textContent()).resolves.toBe('1');
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});
