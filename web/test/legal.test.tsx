import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '../src/config/site';
import refund from '../src/features/legal/content/refund.md';
import { fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';

/**
 * The legal pages are Markdown (src/features/legal/content) rendered at build time; these read
 * them through the same renderer the build uses and hold them to the spec's claims,
 * stated with the figures of config/site.ts.
 */

const pages: Array<{ path: string; title: string; sections: number; claims: string[] }> = [
  {
    path: '/privacy',
    title: 'Privacy Policy',
    sections: 10,
    claims: [`at least ${site.minimumAge} years old`, `within ${site.supportResponseHours} hours`],
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    sections: 12,
    claims: [
      `at least ${site.priceChangeNoticeDays} days notice`,
      `at least ${site.minimumAge} years old`,
      'more than 24 consecutive hours',
      'service credit',
      `within ${site.supportResponseHours} hours`,
      `${site.trialDays}-day free trial`,
      `${site.trialPostLimit} generated posts`,
    ],
  },
  {
    path: '/refund',
    title: 'Refund Policy',
    sections: 5,
    claims: ['2-3 business days', '5-10 business days', '3-5 business days', '5-7 business days', `${site.moneyBackDays}-day money-back guarantee`],
  },
  { path: '/cookies', title: 'Cookie Policy', sections: 5, claims: [`up to ${site.cookieMaxAgeDays} days`] },
];

describe('legal pages from Markdown', () => {
  it.each(pages)('when $path opens, then its title, numbered sections, contents and the spec\'s claims show', async ({ path: route, title, sections, claims }) => {
    fakeApi({});
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const headings = within(main).getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(sections);
    expect(headings[0].textContent).toMatch(/^1\. /);
    const contents = within(main).getByRole('navigation', { name: 'On this page' });
    const entries = within(contents).getAllByRole('link');
    expect(entries).toHaveLength(sections);
    expect(entries[1]).toHaveAttribute('href', `#${headings[1].id}`);
    for (const claim of claims) expect(main).toHaveTextContent(claim);
    expect(main).toHaveTextContent(`Last updated: ${site.legalUpdated}`);
  });

  it('when the privacy policy shows, then its lists, emphasis and mail links are real HTML', async () => {
    fakeApi({});
    renderApp('/privacy');
    const section = await screen.findByRole('region', { name: '2. Data we collect' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getByText('Account data:').tagName).toBe('STRONG');
    const mail = within(screen.getByRole('region', { name: '1. Who we are' })).getByRole('link', { name: site.privacyEmail });
    expect(mail).toHaveAttribute('href', `mailto:${site.privacyEmail}`);
  });

  it('when the refund policy shows, then the refund times are a table with column headers', async () => {
    fakeApi({});
    renderApp('/refund');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Payment method', 'Time after approval']);
    const rows = within(table)
      .getAllByRole('row')
      .map((tr) => Array.from(tr.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Payment method', 'Time after approval'],
      ['Credit or debit card', '5-10 business days'],
      ['Payment wallet', '3-5 business days'],
      ['Bank transfer', '5-7 business days'],
    ]);
  });

  it('when a link in the text leads to another page of the app, then it opens there without leaving the app', async () => {
    fakeApi({});
    const app = renderApp('/refund');
    const section = await screen.findByRole('region', { name: '4. After 30 days' });
    await userEvent.click(within(section).getByRole('link', { name: 'Terms of Service' }));
    await waitFor(() => expect(app.location().pathname).toBe('/terms'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  });
});

describe('the legal Markdown renderer', () => {
  const content = path.join(__dirname, '../src/features/legal/content');
  const renderer = path.join(__dirname, '../build-tools/legal-markdown.mjs');

  /** Runs the renderer as the build does (plain Node, outside Jest's module system). */
  function render(source: string): unknown {
    const script = `import(${JSON.stringify(renderer)}).then((m) => {
      const source = require('node:fs').readFileSync(0, 'utf8');
      try { process.stdout.write(JSON.stringify(m.renderLegalMarkdown(source, 'test.md'))); } catch (e) { process.stdout.write(JSON.stringify({ error: e.message })); }
    })`;
    return JSON.parse(execFileSync(process.execPath, ['-e', script], { input: source, encoding: 'utf8' }));
  }

  it('a .md import is the rendered document: front matter title and summary, one section per "## " heading with its anchor', () => {
    expect(fs.readdirSync(content).filter((f) => f.endsWith('.md')).sort()).toEqual(['cookies.md', 'privacy.md', 'refund.md', 'terms.md']);
    expect(refund.title).toBe('Refund Policy');
    expect(refund.summary).toBe(`Every paid plan comes with a ${site.moneyBackDays}-day money-back guarantee. Here is how refunds work and how long they take.`);
    expect(refund.sections.map((s) => s.id)).toEqual(['guarantee', 'how-to-ask', 'processing-times', 'after-30-days', 'trial']);
    expect(refund.sections[2].html).toContain('<strong>2-3 business days</strong>');
  });

  it('gives a section without an explicit anchor one from its title, and refuses a file without front matter', () => {
    expect(render('---\ntitle: T\nsummary: "S: s"\n---\n\n## How we use data\n\nText with [a link](/terms).\n')).toEqual({
      title: 'T',
      summary: 'S: s',
      sections: [{ id: 'how-we-use-data', title: 'How we use data', html: '<p>Text with <a href="/terms">a link</a>.</p>' }],
    });
    expect(render('## No front matter\n')).toEqual({ error: expect.stringContaining('test.md: front matter') });
  });
});
