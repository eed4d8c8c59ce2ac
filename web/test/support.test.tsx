import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { filterTopics, helpTopics } from '../src/features/support/components/topics';
import { renderSignedIn } from './support/screens';

const healthy = { 'GET /api/health': () => ({ body: { status: 'ok', services: { auth: 'ok', content: 'ok', linkedin: 'ok', scheduler: 'ok' } } }) };

function topicButtons() {
  return within(screen.getByRole('region', { name: 'Help Center' }))
    .queryAllByRole('button', { expanded: false })
    .concat(within(screen.getByRole('region', { name: 'Help Center' })).queryAllByRole('button', { expanded: true }));
}

describe('support: the help topics', () => {
  it('has exactly the 14 subjects of the spec, each with steps', () => {
    expect(helpTopics.map((t) => t.id)).toEqual([
      'login',
      'profile-saving',
      'email-verification',
      'connect-linkedin',
      'not-publishing',
      'profile-picture',
      'not-generating',
      'content-quality',
      'scheduling',
      'trial-used',
      'subscription-inactive',
      'slow-pages',
      'browsers',
      'mobile',
    ]);
    expect(helpTopics.every((t) => t.steps.length >= 2)).toBe(true);
  });

  it('the scheduling topic states the same 1-hour minimum as the interface', () => {
    const scheduling = helpTopics.find((t) => t.id === 'scheduling')!;
    expect([scheduling.answer, ...scheduling.steps].join(' ')).toContain('at least 1 hour from now');
    expect([scheduling.answer, ...scheduling.steps].join(' ')).not.toMatch(/1 minute/);
  });

  it('when the login topic is read, then it points to "Forgot password?" and the 30-minute reset link', () => {
    const login = helpTopics.find((t) => t.id === 'login')!;
    const text = [login.answer, ...login.steps].join(' ');
    expect(text).toContain('"Forgot password?"');
    expect(text).toContain('30 minutes');
  });

  it('when the email verification topic is read, then it describes the verification email, its 24 hours and Resend email (no longer "no verification")', () => {
    const topic = helpTopics.find((t) => t.id === 'email-verification')!;
    const text = [topic.answer, ...topic.steps].join(' ');
    expect(text).toContain('verification link');
    expect(text).toContain('24 hours');
    expect(text).toContain('Resend email');
    expect(text).toContain('Settings');
    expect(text).not.toMatch(/no verification email/);
  });

  it('filters by text in the question or the answer, case-insensitively, within a category', () => {
    expect(filterTopics(helpTopics, 'BROWSER', 'all').map((t) => t.id)).toEqual(['slow-pages', 'browsers', 'mobile']);
    expect(filterTopics(helpTopics, 'password', 'LinkedIn').map((t) => t.id)).toEqual(['connect-linkedin']);
    expect(filterTopics(helpTopics, '', 'Subscription').map((t) => t.id)).toEqual(['trial-used', 'subscription-inactive']);
  });
});

describe('support page', () => {
  it('when opened, then all 14 topics show with the count, categories and contact links', async () => {
    renderSignedIn('/support', healthy);
    expect(await screen.findByTestId('result-count')).toHaveTextContent('14 topics');
    expect(topicButtons()).toHaveLength(14);
    const categories = screen.getByRole('group', { name: 'Category' });
    expect(within(categories).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Account', 'LinkedIn', 'Content', 'Subscription', 'Technical']);
    expect(within(categories).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    const contact = screen.getByRole('region', { name: 'Contact Support' });
    for (const link of within(contact).getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^mailto:/);
    expect(within(contact).getByRole('link', { name: 'Email support' })).toHaveAttribute('href', 'mailto:support@postwright.app?subject=Postwright%20support%20request');
  });

  it('when a search is typed, then only matching topics show and the count follows', async () => {
    renderSignedIn('/support', healthy);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search help topics' }), 'hook');
    expect(screen.getByTestId('result-count')).toHaveTextContent('3 of 14 topics');
    expect(topicButtons().map((b) => b.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('My posts are not publishing to LinkedIn'), expect.stringContaining('How can I improve the quality')]),
    );
  });

  it('when a category is chosen, then only its topics show', async () => {
    renderSignedIn('/support', healthy);
    await userEvent.click(await screen.findByRole('button', { name: 'Technical' }));
    expect(screen.getByRole('button', { name: 'Technical' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('result-count')).toHaveTextContent('3 of 14 topics');
    expect(topicButtons().every((b) => b.textContent?.startsWith('Technical'))).toBe(true);
  });

  it('when nothing matches, then the empty state offers Clear Filters, which brings everything back', async () => {
    renderSignedIn('/support', healthy);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscription' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search help topics' }), 'zebra');
    expect(screen.getByTestId('result-count')).toHaveTextContent('0 of 14 topics');
    expect(screen.getByRole('heading', { name: 'No topics match your search' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search help topics' })).toHaveValue('');
    expect(screen.getByTestId('result-count')).toHaveTextContent('14 topics');
  });

  it('when topics are opened, then only one is open at a time, with its steps', async () => {
    renderSignedIn('/support', healthy);
    const first = await screen.findByRole('button', { name: /I cannot log in to my account/ });
    const second = screen.getByRole('button', { name: /How does scheduling work\?/ });
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: /I cannot log in/ })).toHaveTextContent('Check that you are using the email address you signed up with.');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    const steps = within(screen.getByRole('region', { name: /How does scheduling work/ })).getAllByRole('listitem');
    expect(steps.length).toBeGreaterThan(1);
    expect(topicButtons().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);
    await userEvent.click(second);
    expect(topicButtons().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(0);
  });

  it('when a quick button is pressed, then it sets the LinkedIn or Account filter', async () => {
    renderSignedIn('/support', healthy);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search help topics' }), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'LinkedIn help' }));
    expect(screen.getByRole('searchbox', { name: 'Search help topics' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'LinkedIn' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('result-count')).toHaveTextContent('3 of 14 topics');
    await userEvent.click(screen.getByRole('button', { name: 'Account help' }));
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-pressed', 'true');
    expect(topicButtons().every((b) => b.textContent?.startsWith('Account'))).toBe(true);
  });
});

describe('support: System Status from the live /api/health', () => {
  it('when every service is ok, then the three items read Operational', async () => {
    renderSignedIn('/support', healthy);
    await waitFor(() => expect(screen.getAllByTestId('status-item').map((i) => i.textContent)).toEqual(['Content GenerationOperational', 'LinkedIn PublishingOperational', 'Accounts & Sign-inOperational']));
  });

  it('when the stack is degraded (503), then the parts that are down read Unavailable', async () => {
    renderSignedIn('/support', {
      'GET /api/health': () => ({ status: 503, body: { status: 'degraded', services: { auth: 'ok', content: 'unavailable', linkedin: 'ok', scheduler: 'unavailable' } } }),
    });
    await waitFor(() => expect(screen.getAllByTestId('status-item').map((i) => i.getAttribute('data-state'))).toEqual(['down', 'down', 'ok']));
    expect(screen.getAllByTestId('status-item')[0]).toHaveTextContent('Unavailable');
  });

  it('when the status cannot be read, then it says so and Check again asks once more', async () => {
    let reachable = false;
    const { api } = renderSignedIn('/support', {
      'GET /api/health': () => (reachable ? healthy['GET /api/health']() : 'network-error'),
    });
    expect(await screen.findByText('The status could not be checked. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getAllByTestId('status-item').every((i) => i.getAttribute('data-state') === 'unknown')).toBe(true);
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getAllByTestId('status-item').every((i) => i.getAttribute('data-state') === 'ok')).toBe(true));
    expect(api.callsTo('GET', '/api/health')).toHaveLength(2);
  });
});
