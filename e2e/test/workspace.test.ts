/**
 * The writing workspace keeps the user's work: one journey per way it could be lost, each over
 * the whole stack in Chromium (the offline generator writes, the LinkedIn
 * sandbox plays LinkedIn and records what it is sent). The new states that matter (a restored
 * draft, publishing while not connected, the app's confirmation) are checked with axe-core at
 * 1280 and 375 px and kept as screenshots (workspace-*.png in e2e/artifacts/screenshots).
 */
import type { Page, Request, Response, Route } from 'playwright-core';
import {
  chooseType,
  allowOnLinkedIn,
  baseUrl,
  checkPage as checkPageAt,
  confirmInApp,
  connectLinkedIn,
  contentCard,
  contentDetails,
  draftIdOf,
  fillDetails,
  generate,
  generateAnswerOf,
  hooksGroup,
  hookTexts,
  linkedInPosts,
  sharedBrowser,
  newPage,
  pickHook,
  profileReadOn,
  postBody,
  refuseBrowserDialogs,
  sandboxUrl,
  signUp,
  trialPostsLeft,
  uniqueEmail,
  until,
  type TypeKey,
} from '../src/browser';

jest.setTimeout(240_000);

/** one Chromium for the file's journeys, each in its own context */
const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'workspace', height: 900, settleMs: 200, noSideScroll: true });

/** The same gateway by another host name: the stack's public URL is 127.0.0.1, this is localhost. */
function otherHostUrl(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, baseUrl());
  url.hostname = 'localhost';
  return url.href;
}

const isGenerate = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/content/generate';
const isEdit = (request: Request, id: string) => request.method() === 'PUT' && new URL(request.url()).pathname === `/api/content/${id}/edit`;

/**
 * Makes a change in the generator and waits until its autosave has sent draft `id` a save that
 * `accept`s (the request body) and the page says "Saved".
 */
async function autosaved<T>(page: Page, id: string, change: () => Promise<T>, accept: (body: { editedContent: string; selectedHook: string | null }) => boolean): Promise<T> {
  const saved = page.waitForResponse((response: Response) => {
    if (!isEdit(response.request(), id)) return false;
    try {
      return accept(JSON.parse(response.request().postData() ?? '{}'));
    } catch {
      return false;
    }
  });
  const result = await change();
  expect((await saved).status()).toBe(200);
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  await expect(page.getByTestId('save-status').textContent()).resolves.toBe('Saved');
  return result;
}

describe('the writing workspace keeps the user work', () => {
  test('opened by another host name, the app moves to the public origin first; connecting LinkedIn ends connected on that same origin', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const publicOrigin = new URL(baseUrl()).origin;
      await page.goto(otherHostUrl('/auth/signup'));
      expect(new URL(page.url()).origin).toBe(publicOrigin);
      await signUp(page, 'Hosta');
      await page.goto(otherHostUrl('/profile'));
      expect(new URL(page.url()).origin).toBe(publicOrigin);
      await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
      await allowOnLinkedIn(page, 'Hosta', 'Origin');
      await page.waitForURL(/\/profile$/, { timeout: 15_000 });
      expect(new URL(page.url()).origin).toBe(publicOrigin);
      await expect(page.getByTestId('linkedin-status').textContent()).resolves.toBe('Connected');
    } finally {
      await context.close();
    }
  });

  test('switching the type while a generation runs: the late answer never lands on the other type', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Switch');
      await page.goto('/content');
      await expect(trialPostsLeft(page)).resolves.toContain('3 of 3 trial posts left');
      await fillDetails(page, 'controversial');

      // The server writes the Contrarian Take at once; the browser gets the answer only when
      // released, so the switch happens while the request is in flight.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let answered!: (post: { id: string; hooks: string[]; body: string }) => void;
      const serverAnswer = new Promise<{ id: string; hooks: string[]; body: string }>((resolve) => (answered = resolve));
      let handled!: () => void;
      const routeDone = new Promise<void>((resolve) => (handled = resolve));
      await page.route('**/api/content/generate', async (route: Route) => {
        try {
          const response = await route.fetch();
          const { content } = await generateAnswerOf(response);
          answered({ id: content.id, hooks: content.hooks, body: content.generatedContent });
          await released;
          await route.fulfill({ response }).catch(() => undefined); // the page may have dropped the request
        } finally {
          handled();
        }
      });
      const browserSide = new Promise<'failed' | 'finished'>((resolve) => {
        page.on('requestfailed', (request) => isGenerate(request) && resolve('failed'));
        page.on('requestfinished', (request) => isGenerate(request) && resolve('finished'));
      });

      await page.getByRole('button', { name: 'Generate Content' }).click();
      await page.getByRole('button', { name: 'Generating...' }).waitFor();
      const contrarian = await serverAnswer;
      expect(contrarian.hooks).toHaveLength(5);

      // switch to Framework before the answer reaches the page
      await chooseType(page, /^Framework/);
      await page.getByLabel(contentDetails.framework.topicLabel).waitFor();
      await page.getByRole('heading', { name: /Framework details$/ }).waitFor();
      const noContrarianOnFramework = async () => {
        await expect(hooksGroup(page).count()).resolves.toBe(0);
        await page.getByRole('heading', { name: 'No content to post' }).waitFor();
        await expect(page.getByRole('button', { name: 'Generating...' }).count()).resolves.toBe(0);
        await page.getByRole('button', { name: 'Generate Content' }).waitFor();
        const shown = (await page.locator('main').textContent()) ?? '';
        for (const hook of contrarian.hooks) expect(shown).not.toContain(hook);
        expect(shown).not.toContain(contrarian.body.slice(0, 80));
        expect(new URL(page.url()).searchParams.get('draft')).toBeNull();
      };
      await noContrarianOnFramework();

      // the late answer arrives (or was dropped by the page): still nothing of it on Framework
      release();
      await routeDone;
      await browserSide;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      await noContrarianOnFramework();
      await page.unroute('**/api/content/generate');

      // Framework generates its own post
      await generate(page, 'framework');
      const frameworkId = draftIdOf(page);
      expect(frameworkId).not.toBe(contrarian.id);
      const frameworkHooks = await hookTexts(page);
      for (const hook of contrarian.hooks) expect(frameworkHooks.join('\n')).not.toContain(hook);

      // back to Contrarian Take: its own form as typed, nothing of Framework's post
      await chooseType(page, /^Contrarian Take/);
      await page.getByRole('heading', { name: /Contrarian Take details$/ }).waitFor();
      expect(new URL(page.url()).searchParams.get('draft')).not.toBe(frameworkId);
      const shown = (await page.locator('main').textContent()) ?? '';
      for (const hook of frameworkHooks) expect(shown).not.toContain(hook);
      if ((await hooksGroup(page).count()) === 0) {
        await expect(page.getByLabel(contentDetails.controversial.topicLabel).inputValue()).resolves.toBe(contentDetails.controversial.topic);
        await expect(page.getByLabel(contentDetails.controversial.experienceLabel).inputValue()).resolves.toBe(contentDetails.controversial.experience);
        await page.getByRole('heading', { name: 'No content to post' }).waitFor();
      } else {
        // or, should the page adopt the post the server wrote before the switch: the Contrarian one
        expect(await hookTexts(page)).toEqual(contrarian.hooks);
      }

      // the trial count the page shows is the server's (read back after a reload)
      const shownLeft = await trialPostsLeft(page);
      const profile = await profileReadOn(page, () => page.reload());
      const { user } = (await profile.json()) as { user: { trialPostsUsed: number } };
      expect(shownLeft).toContain(`${3 - user.trialPostsUsed} of 3 trial posts left`);
      await page.getByRole('heading', { name: /Contrarian Take details$/ }).waitFor();
      await expect(trialPostsLeft(page)).resolves.toBe(shownLeft);
    } finally {
      await context.close();
    }
  });

  test('a refresh after picking hook 4 and editing the body restores everything, at the draft address, with no second trial post spent', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Rhea');
      await page.goto('/content');

      // the form typed before a first generation survives a refresh
      await fillDetails(page, 'story');
      await page.reload();
      await expect(page.getByLabel(contentDetails.story.topicLabel).inputValue()).resolves.toBe(contentDetails.story.topic);
      await expect(page.getByLabel(contentDetails.story.experienceLabel).inputValue()).resolves.toBe(contentDetails.story.experience);
      await expect(page.getByLabel('Target Audience').inputValue()).resolves.toBe('Operations leaders');

      await generate(page, 'story');
      await expect(trialPostsLeft(page)).resolves.toContain('2 of 3 trial posts left');
      const id = draftIdOf(page);
      const hook = await pickHook(page, 3);
      const marker = 'A line of my own, added in the editor before the refresh.';
      const edited = `${await postBody(page).inputValue()}\n\n${marker}`;
      await autosaved(page, id, () => postBody(page).fill(edited), (body) => body.selectedHook === hook && body.editedContent === `${hook}\n\n${edited}`);
      await expect(page.getByTestId('post-preview-text').textContent()).resolves.toContain(hook);

      const generations: string[] = [];
      page.on('request', (request) => isGenerate(request) && generations.push(request.url()));
      await (await profileReadOn(page, () => page.reload())).finished();

      // everything is back: the address, hook 4, the edited body, the form
      expect(draftIdOf(page)).toBe(id);
      await hooksGroup(page).waitFor();
      await expect(hooksGroup(page).getByRole('radio').nth(3).isChecked()).resolves.toBe(true);
      await expect(hooksGroup(page).getByRole('radio', { checked: true }).count()).resolves.toBe(1);
      await expect(postBody(page).inputValue()).resolves.toBe(edited);
      await expect(page.getByTestId('post-preview-text').textContent()).resolves.toContain(hook);
      await page.getByRole('heading', { name: /Behind the Scenes details$/ }).waitFor();
      await page.locator('dd', { hasText: contentDetails.story.topic }).waitFor();
      await page.getByRole('button', { name: 'Edit details' }).click();
      await expect(page.getByLabel(contentDetails.story.experienceLabel).inputValue()).resolves.toBe(contentDetails.story.experience);
      await expect(page.getByLabel('Target Audience').inputValue()).resolves.toBe('Operations leaders');
      // no second trial post: the count the server gives is unchanged, and nothing was generated
      await expect(trialPostsLeft(page)).resolves.toContain('2 of 3 trial posts left');
      expect(generations).toEqual([]);
      await checkPage(page, 'draft-restored');

      // Content Management has the draft with its hook and the edits
      await page.goto('/content-management');
      const card = contentCard(page, contentDetails.story.topic);
      await card.waitFor();
      await expect(page.getByTestId('content-card').count()).resolves.toBe(1);
      await expect(card.locator('p', { hasText: 'Hook' }).first().textContent()).resolves.toBe(`Hook${hook}`);
      await expect(card.getByTestId('content-text').textContent()).resolves.toContain(marker);
    } finally {
      await context.close();
    }
  });

  test('in Content Management, Publish during an inline edit saves the edit first: LinkedIn gets the edited text', async () => {
    const { context, page } = await newPage(browser.get());
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await signUp(page, 'Dora');
      const linkedinEmail = await connectLinkedIn(page, 'Dora', 'Editor');
      await page.goto('/content');
      await generate(page, 'framework');
      const id = draftIdOf(page);
      const hook = await autosaved(page, id, () => pickHook(page, 1), (body) => body.selectedHook !== null);

      await page.goto('/content-management');
      const card = contentCard(page, contentDetails.framework.topic);
      await card.getByRole('button', { name: 'Edit' }).click();
      const edited = `${hook}\n\nRewritten in Content Management, just before publishing: three questions, one roadmap, half the delivery time.`;
      await card.getByLabel('Post text').fill(edited);
      // Publish straight away, without Save Changes
      await card.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(confirmInApp(page, 'Publish')).resolves.toBe('Are you sure you want to publish this content to LinkedIn?');
      await page.getByText('Content published to LinkedIn successfully!').waitFor();
      await expect(card.getByTestId('status-badge').textContent()).resolves.toBe('Published');
      await expect(card.getByTestId('content-text').textContent()).resolves.toContain('Rewritten in Content Management');

      // what LinkedIn got is the edited text, exactly
      const sent = (await linkedInPosts(linkedinEmail)).filter((post) => post.text.includes('Rewritten in Content Management'));
      expect(sent).toHaveLength(1);
      expect(sent[0].text).toBe(edited);
      expect(sent[0].truncated).toBe(false);
      // and the saved item has it too
      await page.reload();
      await expect(contentCard(page, contentDetails.framework.topic).getByTestId('content-text').textContent()).resolves.toContain('Rewritten in Content Management');
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('publishing while not connected offers Connect LinkedIn inline; Cancel is said neutrally; after connecting, back at the same post, it publishes', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await signUp(page, 'Nadia');
      await page.goto('/content');
      await generate(page, 'insight');
      const id = draftIdOf(page);
      const hook = await autosaved(page, id, () => pickHook(page, 0), (body) => body.selectedHook !== null);

      // not connected: Publish and Schedule wait, the way to connect is right there
      const connectNote = page.getByTestId('connect-note');
      await connectNote.waitFor();
      await expect(connectNote.textContent()).resolves.toContain('Connect your LinkedIn account to publish or schedule this post.');
      await expect(page.getByRole('button', { name: 'Publish to LinkedIn' }).isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Schedule' }).isDisabled()).resolves.toBe(true);
      await checkPage(page, 'publish-not-connected');

      // Cancel on the consent page: "Connection cancelled", neutral, then back to the post
      await connectNote.getByRole('button', { name: 'Connect LinkedIn' }).click();
      await page.waitForURL((url) => url.href.startsWith(sandboxUrl()));
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/linkedin\/callback\?/);
      await page.getByRole('status').getByRole('heading', { name: 'Connection cancelled' }).waitFor();
      await expect(page.getByTestId('callback-message').textContent()).resolves.toBe('LinkedIn was not connected. You can connect it whenever you are ready.');
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      await expect(page.getByRole('heading', { name: 'LinkedIn connection failed' }).count()).resolves.toBe(0);
      await page.waitForURL((url) => url.pathname === '/content' && url.searchParams.get('draft') === id, { timeout: 10_000 });
      await hooksGroup(page).waitFor();
      await connectNote.waitFor();

      // connect for real, as a member of its own: Allow, then back at the same post
      const linkedinEmail = uniqueEmail('nadia.linkedin');
      await connectNote.getByRole('button', { name: 'Connect LinkedIn' }).click();
      await allowOnLinkedIn(page, 'Nadia', 'Inline', linkedinEmail);
      await page.waitForURL(/\/linkedin\/callback\?/);
      await expect(page.getByTestId('callback-message').textContent()).resolves.toBe('Successfully connected to LinkedIn! Welcome, Nadia!');
      await page.getByText('Taking you back to your post...').waitFor();
      await page.waitForURL((url) => url.pathname === '/content' && url.searchParams.get('draft') === id, { timeout: 10_000 });
      await hooksGroup(page).waitFor();
      await expect(hooksGroup(page).getByRole('radio').nth(0).isChecked()).resolves.toBe(true);
      const text = (await page.getByTestId('post-preview-text').textContent()) ?? '';
      const publish = page.getByRole('button', { name: 'Publish to LinkedIn' });
      await until(() => publish.isEnabled(), Boolean, 'Publish to LinkedIn to be enabled');
      await expect(connectNote.count()).resolves.toBe(0);
      const body = await postBody(page).inputValue();
      await publish.click();
      // the generator asks first, as Content Management does
      await expect(confirmInApp(page, 'Publish')).resolves.toBe('Are you sure you want to publish this content to LinkedIn?');
      await page.getByText('Content posted to LinkedIn successfully!').waitFor();
      await page.getByRole('button', { name: 'Write another post' }).waitFor();
      await expect(publish.count()).resolves.toBe(0);
      expect(text.startsWith(hook)).toBe(true);
      const sent = (await linkedInPosts(linkedinEmail)).filter((post) => post.text.startsWith(hook) && post.text.includes(body.slice(0, 60)));
      expect(sent).toHaveLength(1);
      expect(sent[0].text).toBe(`${hook}\n\n${body}`);
    } finally {
      await context.close();
    }
  });

  test('Generate again asks in the app dialog (free, and how many more times), rewrites the same draft (one draft, no trial post), and Undo brings the previous text back', async () => {
    const { context, page } = await newPage(browser.get());
    const browserDialogs = refuseBrowserDialogs(page);
    try {
      await signUp(page, 'Gene');
      await page.goto('/content');
      await generate(page, 'learning');
      await expect(trialPostsLeft(page)).resolves.toContain('2 of 3 trial posts left');
      const id = draftIdOf(page);
      const hook = await pickHook(page, 0);
      const marker = 'My own closing line, written before generating again.';
      const before = `${await postBody(page).inputValue()}\n\n${marker}`;
      await autosaved(page, id, () => postBody(page).fill(before), (body) => body.editedContent === `${hook}\n\n${before}`);

      await page.getByRole('button', { name: 'Edit details' }).click();
      await page.getByRole('button', { name: 'Generate again', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate again?' });
      await dialog.waitFor();
      await expect(dialog.getByTestId('confirm-message').textContent()).resolves.toBe(
        "Free: this draft can be generated again 3 more times without using a trial post. The new text replaces this draft's; you can undo it.",
      );
      await checkPage(page, 'generate-again-confirm');
      const regenerated = page.waitForResponse((response) => isGenerate(response.request()));
      await confirmInApp(page, 'Generate again');
      const answer = await regenerated;
      // asked to rewrite this draft, and answered as a stream, whose status is 200
      // before anything is written: that nothing new was made shows below (same address, one draft)
      expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ contentId: id });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^text\/event-stream/);

      // rewritten in place: same address, new text, and free: the trial posts are as they were
      await page.getByText('Generated again: the text it replaced is one undo away.').waitFor();
      expect(draftIdOf(page)).toBe(id);
      await expect(postBody(page).inputValue()).resolves.not.toContain(marker);
      await expect(trialPostsLeft(page)).resolves.toContain('2 of 3 trial posts left');

      // Undo: the previous text is back
      const restored = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`/api/content/${id}/restore-previous`));
      await page.getByRole('button', { name: 'Undo' }).click();
      expect((await restored).status()).toBe(200);
      await until(() => postBody(page).inputValue(), (value) => value === before, 'the body from before Generate again');
      await expect(hooksGroup(page).getByRole('radio', { name: hook }).isChecked()).resolves.toBe(true);
      expect(draftIdOf(page)).toBe(id);

      // Content Management: one draft, with the text Undo brought back
      await page.goto('/content-management');
      await contentCard(page, contentDetails.learning.topic).waitFor();
      await expect(page.getByTestId('stat-total').textContent()).resolves.toBe('1');
      await expect(page.getByTestId('stat-drafts').textContent()).resolves.toBe('1');
      await expect(contentCard(page, contentDetails.learning.topic).getByTestId('content-text').textContent()).resolves.toContain(marker);
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the counter is green for generated posts with any of the five hooks, and counts hook, blank line and body', async () => {
    const types: TypeKey[][] = [
      ['controversial', 'story', 'framework'],
      ['insight', 'learning'],
    ];
    for (const [account, batch] of types.entries()) {
      const { context, page } = await newPage(browser.get());
      try {
        await signUp(page, `Counter${'ab'[account]}`);
        await page.goto('/content');
        for (const type of batch) {
          await generate(page, type);
          const body = await postBody(page).inputValue();
          for (let index = 0; index < 5; index++) {
            const hook = await pickHook(page, index);
            const counter = page.getByTestId('length-counter');
            const length = hook.length + 2 + body.length;
            await page.getByText(`${length.toLocaleString('en-US')} / 1,600 characters`).waitFor();
            expect({ type, hook: index + 1, length, tone: await counter.getAttribute('data-tone') }).toEqual({ type, hook: index + 1, length, tone: 'green' });
          }
        }
      } finally {
        await context.close();
      }
    }
  });
});
