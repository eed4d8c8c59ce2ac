import { baseUrl, launchBrowser } from '../src/browser';

describe('the whole stack', () => {
  test('when launched like npm start, then /api/health reports every service ready', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', services: { auth: 'ok', content: 'ok', linkedin: 'ok', scheduler: 'ok', billing: 'ok' } });
  });

  test('when Chromium opens the site, then the web app loads', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const response = await page.goto(baseUrl());
      expect(response?.status()).toBe(200);
      await expect(page.title()).resolves.toMatch(/Postwright/i);
    } finally {
      await browser.close();
    }
  });
});
