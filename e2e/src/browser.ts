import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { EVENT_STREAM_TYPE, eventStreamReader, parseStreamEvent, type GenerateResponse } from '@postwright/contracts';
import { linkIn, mailpitClient, type MailpitClient } from '@postwright/platform/src/testing/mailpit';
import { chromium, type APIResponse, type Browser, type BrowserContext, type Dialog, type Frame, type Locator, type Page, type Response } from 'playwright-core';

export { linkIn };

const JOURNEY_WIDTHS = [1280, 375] as const;

export const baseUrl = () => process.env.E2E_BASE_URL!;
export const sandboxUrl = () => process.env.E2E_SANDBOX_URL!;
/** the billing sandbox (Stripe's double) as the browser reaches it: its Checkout and portal pages */
export const billingSandboxUrl = () => process.env.E2E_BILLING_SANDBOX_URL!;
/** the stack's Mailpit API, where every email the product sent during the run can be read */
export const mailUrl = () => process.env.E2E_MAIL_URL!;
/**
 * The stack's inbox: `inbox().waitForMessage(email, { subject })` for the email a journey caused,
 * then `linkIn(mail, '/auth/verify-email')` for the link to follow.
 */
export const inbox = (): MailpitClient => mailpitClient(mailUrl());
export const ARTIFACTS = path.resolve(__dirname, '../artifacts');

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * One browser for a test file: launched before its journeys and closed after them. `get()`
 * inside a test (the browser exists only once the file's beforeAll has run).
 */
export function sharedBrowser(): { get(): Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get() {
      if (!browser) throw new Error('the browser is launched in beforeAll: call get() inside a test');
      return browser;
    },
  };
}

export async function newPage(browser: Browser, width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl() });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Saves a full-page screenshot under e2e/artifacts/screenshots (kept as a CI artifact, ignored by git). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(ARTIFACTS, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** axe-core on the current page: the serious and critical violations (expected: none). */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string | null | undefined; nodes: number; help: string }>> {
  // a panel still fading in (the FAQ's opens from transparent) would read as low contrast
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // a spinner never ends: only what runs to an end is waited for
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Polls `read` until `ok` holds (a state the page reaches by itself, e.g. a field's value); answers the value. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Checks a page at both journey widths: a screenshot named `<prefix>-<name>-<width>`, no serious
 * or critical axe violations and, with `noSideScroll`, nothing wider than the screen (a phone must
 * never scroll sideways). Leaves the page at 1280 px.
 */
export async function checkPage(page: Page, name: string, options: { prefix: string; height: number; settleMs: number; noSideScroll?: boolean }): Promise<void> {
  for (const width of JOURNEY_WIDTHS) {
    await page.setViewportSize({ width, height: options.height });
    await page.waitForTimeout(options.settleMs);
    await screenshot(page, `${options.prefix}-${name}-${width}`);
    expect({ page: name, width, violations: await seriousViolations(page) }).toEqual({ page: name, width, violations: [] });
    if (options.noSideScroll) {
      expect({ page: name, width, scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ page: name, width, scrollWidth: width });
    }
  }
  await page.setViewportSize({ width: 1280, height: options.height });
}

/** The password every journey's account uses. */
export const PASSWORD = 'correct-horse-battery';

/** On the sign-in page: the account's email and password, then Sign in. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new browser context of an existing account, signed in and on its dashboard, in the member's time zone. */
export async function signedInAs(
  browser: Browser,
  account: { email: string; password: string },
  options: { baseURL: string; timezoneId: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/auth/login');
  await signIn(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return { context, page };
}

/** Signs a new account up through the signup page and waits for the dashboard's welcome; answers its email. */
export async function signUp(page: Page, firstName = 'Ada', lastName = 'Tester'): Promise<string> {
  const email = uniqueEmail(firstName.toLowerCase());
  await page.goto('/auth/signup');
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  return email;
}

/** The subject of the email signup (and every resend) sends, with the link that proves the address. */
export const VERIFY_SUBJECT = 'Verify your email';

/**
 * Verifies the address as the member does: opens the link of the newest "Verify your email"
 * message to `email` (read from Mailpit) in this page, and waits for the verify page's answer.
 * `count` is how many such messages must have arrived (a resend sends another, and spends the
 * older links).
 */
export async function verifyEmail(page: Page, email: string, count = 1): Promise<void> {
  const mail = await inbox().waitForMessage(email, { subject: VERIFY_SUBJECT, count, timeoutMs: 30_000 });
  await page.goto(linkIn(mail, '/auth/verify-email').href);
  await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
}

/** Answers the app's own confirmation dialog with its confirm button; answers the question it asked. */
export async function confirmInApp(page: Page, confirmLabel: string): Promise<string> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-message') });
  await dialog.waitFor();
  const question = (await dialog.getByTestId('confirm-message').textContent()) ?? '';
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return question;
}

/** The browser's own confirm() is never used: any would fail the journey. */
export function refuseBrowserDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** What the journeys type into the generator's form, per content type (each type has its own labels). */
export const contentDetails = {
  controversial: {
    name: 'Contrarian Take',
    topicLabel: 'What conventional wisdom do you disagree with?',
    experienceLabel: 'What happened that changed your mind?',
    topic: 'Hiring for culture fit is holding teams back',
    experience: 'In 2022 we stopped screening for culture fit and our three best hires came from candidates we used to reject.',
  },
  story: {
    name: 'Behind the Scenes',
    topicLabel: 'What behind-the-scenes moment will you share?',
    experienceLabel: 'Tell the story',
    topic: 'The week we almost missed payroll',
    experience: 'Two days before payroll our largest customer paid late, and I had to tell the team the truth.',
  },
  framework: {
    name: 'Framework',
    topicLabel: 'What process or framework will you teach?',
    experienceLabel: 'Where has this framework worked for you?',
    topic: 'My three-question filter for saying no',
    experience: 'Last year I used three questions to cut our roadmap from 40 initiatives to 12, and delivery time halved.',
  },
  insight: {
    name: 'Industry Insight',
    topicLabel: 'What trend or shift are you seeing in your industry?',
    experienceLabel: 'What have you seen first-hand?',
    topic: 'Mid-market buyers now expect usage-based pricing',
    experience: 'In the last quarter, seven of our ten enterprise renewals asked to move to usage-based contracts.',
  },
  learning: {
    name: 'Relationship Builder',
    topicLabel: 'What lesson or question do you want to open up?',
    experienceLabel: 'What experience taught you this?',
    topic: 'What I got wrong in my first 90 days as CEO',
    experience: 'I spent my first month changing processes before I understood why they existed, and lost trust doing it.',
  },
} as const;

export type TypeKey = keyof typeof contentDetails;

/**
 * Chooses a content type card as a person does: one click on the card (the label of a visually
 * hidden radio), once it stands still (Playwright waits for that, so a page still scrolling to a
 * new result is waited out), then waits until its radio is the checked one (Playwright's check()
 * looks only once). A click that is not taken is a defect of the page, not of the journey.
 */
export async function chooseType(page: Page, name: RegExp): Promise<void> {
  await page.locator('label').filter({ has: page.getByRole('radio', { name }) }).click();
  await page
    .getByRole('radio', { name, checked: true })
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(async () => {
      throw new Error(`the ${name} content type was not chosen by a click (see the screenshot ${await screenshot(page, 'choose-type-failed')})`);
    });
}

/** In the generator: chooses a type and fills its form (its own labels), without generating. */
export async function fillDetails(page: Page, type: TypeKey): Promise<void> {
  const d = contentDetails[type];
  await chooseType(page, new RegExp(`^${d.name}`));
  await page.getByLabel(d.topicLabel).fill(d.topic);
  await page.getByLabel('Industry/Role').fill('COO at a B2B software company');
  await page.getByLabel(d.experienceLabel).fill(d.experience);
  await page.getByLabel('Target Audience').fill('Operations leaders');
}

/** Chooses a type, fills its form, generates, and waits for the 5 hooks. */
export async function generate(page: Page, type: TypeKey): Promise<Locator> {
  await fillDetails(page, type);
  await page.getByRole('button', { name: /^(Generate Content|Generate again)$/ }).click();
  const hooks = page.getByRole('group', { name: 'Hooks' });
  await hooks.waitFor({ timeout: 60_000 });
  await expect(hooks.getByRole('radio').count()).resolves.toBe(5);
  return hooks;
}

/**
 * The generate answer a route handler fetched (route.fetch()): the page asks for an event stream,
 * whose `done` event is the JSON answer; a plain JSON answer is read as it is.
 */
export async function generateAnswerOf(response: APIResponse): Promise<GenerateResponse> {
  if (!(response.headers()['content-type'] ?? '').startsWith(EVENT_STREAM_TYPE)) return (await response.json()) as GenerateResponse;
  for (const raw of eventStreamReader().push(await response.text())) {
    const event = parseStreamEvent(raw);
    if (event?.event === 'done') return event.data;
    if (event?.event === 'error') throw new Error(`the generation failed: ${event.data.code} ${event.data.error}`);
  }
  throw new Error('the event stream ended without its done event');
}

/** Selects the generated post's hook at `index` (0-4); answers its text. */
export async function pickHook(page: Page, index: number): Promise<string> {
  const hook = page.getByRole('group', { name: 'Hooks' }).locator('label').nth(index);
  await hook.click();
  return hook.getByRole('radio').inputValue();
}

/**
 * The answer to the profile read of the document `navigate` loads. A read of the page left behind
 * (the dashboard and the generator read the profile as they go) is not it: its answer goes with it.
 */
export async function profileReadOn(page: Page, navigate: () => Promise<unknown>): Promise<Response> {
  let arrived = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) arrived = true;
  };
  page.on('framenavigated', onNavigated);
  try {
    const answer = page.waitForResponse((r) => arrived && r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/users/profile');
    await navigate();
    return await answer;
  } finally {
    page.off('framenavigated', onNavigated);
  }
}

/** The hooks as shown, in their order: each radio's value is its hook's text (a label also holds its number and style). */
export const hookTexts = (page: Page): Promise<string[]> =>
  page
    .getByRole('group', { name: 'Hooks' })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));

/** The generator's five hooks, its post body, and the trial posts it says are left. */
export const hooksGroup = (page: Page): Locator => page.getByRole('group', { name: 'Hooks' });
export const postBody = (page: Page): Locator => page.getByLabel('Post body');
export const trialPostsLeft = (page: Page): Promise<string | null> => page.getByTestId('trial-posts-left').textContent();

/** The id in the generator's address (`/content?draft=<id>`); fails when the address is not a draft's. */
export function draftIdOf(page: Page): string {
  const url = new URL(page.url());
  expect(url.pathname).toBe('/content');
  const id = url.searchParams.get('draft');
  expect(id).toMatch(/^\S+$/);
  return id!;
}

/** A content management card, named by its topic. */
export function contentCard(page: Page, topic: string): Locator {
  return page.getByRole('listitem', { name: topic });
}

/** The datetime-local value (with seconds) of a moment `ms` from now, in the browser's zone. */
export async function localInputValueIn(page: Page, ms: number): Promise<string> {
  return page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);
}

/** On the LinkedIn sandbox's consent page: the member's name, then Allow. */
export async function allowOnLinkedIn(page: Page, firstName: string, lastName: string, email?: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl()));
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  // the sandbox keys members by email: a journey that reads its own posts connects as a member of its own
  if (email) await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
}

/**
 * Profile -> Connect LinkedIn -> sandbox consent as a member of its own (a new email, so no two
 * journeys share a LinkedIn member) -> Allow -> back at the profile, connected. Answers the member's email.
 */
export async function connectLinkedIn(page: Page, firstName: string, lastName: string): Promise<string> {
  const email = uniqueEmail(`${firstName.toLowerCase()}.linkedin`);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
  await allowOnLinkedIn(page, firstName, lastName, email);
  await page.waitForURL(/\/profile$/, { timeout: 15_000 });
  await expect(page.getByTestId('linkedin-status').textContent()).resolves.toBe('Connected');
  return email;
}

/** A post as the LinkedIn sandbox recorded it: `text` is what members see, `commentary` what was sent. */
export interface SandboxPost {
  author: string;
  text: string;
  commentary: string;
  truncated: boolean;
  createdAt: string;
}

/**
 * What the LinkedIn sandbox was sent (its test controls, on in this stack): by the member of this
 * email, or by everyone. Journeys share the stack, and the offline writer gives their posts the
 * same hooks, so a journey reads its own member's.
 */
export async function linkedInPosts(email?: string): Promise<SandboxPost[]> {
  let query = '';
  if (email !== undefined) {
    const found = await fetch(`${sandboxUrl()}/__sandbox/members?email=${encodeURIComponent(email)}`);
    expect(found.status).toBe(200);
    const { members } = (await found.json()) as { members: Array<{ sub: string }> };
    expect(members).toHaveLength(1);
    query = `?author=${encodeURIComponent(`urn:li:person:${members[0].sub}`)}`;
  }
  const response = await fetch(`${sandboxUrl()}/__sandbox/posts${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { posts: SandboxPost[] }).posts;
}
