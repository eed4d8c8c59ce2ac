import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const JOURNEY_WIDTHS = [1280, 375] as const;

export const baseUrl = () => process.env.E2E_BASE_URL!;
export const sandboxUrl = () => process.env.E2E_SANDBOX_URL!;
export const ARTIFACTS = path.resolve(__dirname, '../artifacts');

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
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
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
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
