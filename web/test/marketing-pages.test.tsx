import { screen, within } from '@testing-library/react';
import { stats, testimonials } from '../src/components/site/marketing-content';
import { fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { renderSignedIn } from './support/screens';

/**
 * The public pages share their sections (stats band, testimonials, FAQ, call to
 * action) instead of each keeping a copy; each page here shows the shared one.
 */

function statsBand() {
  const band = screen.getByRole('region', { name: 'Postwright in numbers' });
  return within(band)
    .getAllByRole('definition')
    .map((dd) => dd.textContent);
}

const allStats = stats.map((s) => (s.srValue ? `${s.value}${s.srValue}` : s.value));

describe('shared marketing sections', () => {
  it('when the landing page shows, then its stats band, testimonials and closing call to action are the shared ones', async () => {
    fakeApi({});
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Turn your expertise/ });
    expect(statsBand()).toEqual(allStats);
    const quotes = within(screen.getByRole('region', { name: 'Executives who stopped guessing what to post' })).getAllByRole('blockquote');
    expect(quotes.map((q) => q.textContent)).toEqual(testimonials.map((t) => t.quote));
    const cta = screen.getByRole('region', { name: 'Your next client is scrolling LinkedIn right now' });
    expect(within(cta).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth/signup');
    expect(within(cta).getByRole('link', { name: 'Watch 2-Min Demo' })).toHaveAttribute('href', '/demo');
  });

  it('when /about shows to a visitor, then the same stats band and a call to action to start or to write to us', async () => {
    fakeApi({});
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'We help leaders turn expertise into influence' });
    expect(statsBand()).toEqual(allStats);
    const cta = screen.getByRole('region', { name: 'Write your first post today' });
    expect(within(cta).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth/signup');
    expect(within(cta).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('when /about shows to a signed-in user, then the call to action leads to the generator instead of the trial', async () => {
    renderSignedIn('/about');
    const cta = await screen.findByRole('region', { name: 'Write your first post today' });
    expect(within(cta).getByRole('link', { name: 'Generate Content' })).toHaveAttribute('href', '/content');
    expect(within(cta).queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
  });

  it('when /faq shows, then the eight shared questions are its h2s (one h1), with a call to action to write to us', async () => {
    fakeApi({});
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    const questions = within(screen.getByRole('region', { name: 'Questions and answers' })).getAllByRole('heading', { level: 2 });
    expect(questions).toHaveLength(8);
    expect(questions[0]).toHaveTextContent('How does the free trial work?');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const cta = screen.getByRole('region', { name: 'Still have questions?' });
    expect(within(cta).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('when /demo shows, then its steps name the five content types and it ends with the shared call to action', async () => {
    fakeApi({});
    renderApp('/demo');
    await screen.findByRole('heading', { level: 1, name: 'From experience to published post in two minutes' });
    expect(within(screen.getByRole('list', { name: 'Content types' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Contrarian Take',
      'Behind the Scenes',
      'Framework',
      'Industry Insight',
      'Relationship Builder',
    ]);
    const cta = screen.getByRole('region', { name: 'Try it with your own story' });
    expect(within(cta).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth/signup');
  });

  it('when the signup page shows, then its quote is the shared testimonial', async () => {
    fakeApi({});
    renderApp('/auth/signup');
    const aside = await screen.findByRole('complementary', { name: 'What executives say' });
    expect(within(aside).getByRole('blockquote')).toHaveTextContent(testimonials[2].quote);
    expect(aside).toHaveTextContent(testimonials[2].name);
  });
});
