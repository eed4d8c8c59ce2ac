import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelMix } from '../src/features/dashboard/components/funnel';
import { FIRST_VISIT_WINDOW_MS, greetingFor } from '../src/features/dashboard/components/welcome-hero';
import { buildItem, connectedProfile, renderSignedIn } from './support/screens';

const noContent = { 'GET /api/content': () => ({ body: { content: [] } }) };

describe('dashboard: who you are', () => {
  it('when a trial user opens it, then the welcome, initials, tier badge and role badge show, without the Admin mark', async () => {
    renderSignedIn('/dashboard', noContent, { firstName: 'Ada', lastName: 'Lovelace', trialPostsUsed: 1 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('AL')).toBeInTheDocument();
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('2 of 3 trial posts left');
    expect(screen.getByTestId('role-badge')).toHaveTextContent('User');
    expect(screen.queryByTestId('admin-mark')).not.toBeInTheDocument();
  });

  it.each([
    ['ADMIN', 'Admin'],
    ['SUPER_ADMIN', 'Super Admin'],
  ] as const)('when the user is %s, then the Admin mark shows', async (userRole, label) => {
    renderSignedIn('/dashboard', noContent, { userRole, subscriptionTier: 'premium' });
    expect(await screen.findByTestId('admin-mark')).toHaveTextContent('Admin');
    expect(screen.getByTestId('role-badge')).toHaveTextContent(label);
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Premium');
  });

  it('when the user has a picture, then it shows instead of the initials', async () => {
    renderSignedIn('/dashboard', noContent, { profilePicture: 'https://media.example/me.png', firstName: 'Ada', lastName: 'Lovelace' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('img', { name: 'Ada Lovelace' })[0]).toHaveAttribute('src', 'https://media.example/me.png');
  });
});

describe('dashboard: the greeting', () => {
  it('greets a new account with "Welcome, <first name>" and a returning one with "Welcome back, <first name>"', () => {
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    const at = (msAgo: number) => ({ firstName: 'Ada', createdAt: new Date(now - msAgo).toISOString() });
    expect(greetingFor(at(5_000), now)).toBe('Welcome, Ada');
    expect(greetingFor(at(FIRST_VISIT_WINDOW_MS - 1), now)).toBe('Welcome, Ada');
    expect(greetingFor(at(FIRST_VISIT_WINDOW_MS), now)).toBe('Welcome back, Ada');
    expect(greetingFor(at(3 * 24 * 3600_000), now)).toBe('Welcome back, Ada');
    expect(greetingFor(at(-120_000), now)).toBe('Welcome, Ada'); // created "after" this device's clock: still new
  });

  it('when an account made a minute ago opens the dashboard, then it reads "Welcome, Ada", not "Welcome back"', async () => {
    renderSignedIn('/dashboard', noContent, { firstName: 'Ada', createdAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it.each([
    [2, '1 of 3 trial posts left'],
    [1, '2 of 3 trial posts left'],
  ])('when %i trial posts are used, then the tier badge reads "%s"', async (trialPostsUsed, text) => {
    renderSignedIn('/dashboard', noContent, { subscriptionTier: 'trial', trialPostsUsed });
    expect(await screen.findByTestId('tier-badge')).toHaveTextContent(new RegExp(`^${text}$`));
  });
});

describe('dashboard: cards, framework and tips', () => {
  it('shows Generate Content, LinkedIn Connection and Content Analytics leading to their pages', async () => {
    renderSignedIn('/dashboard', noContent);
    await screen.findByRole('heading', { level: 2, name: 'Generate Content' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Start writing/ })).toHaveAttribute('href', '/content');
    expect(within(main).getByRole('link', { name: /Connect LinkedIn/ })).toHaveAttribute('href', '/profile');
    expect(within(main).getByRole('link', { name: /Manage content/ })).toHaveAttribute('href', '/content-management');
    expect(screen.getByRole('heading', { name: 'LinkedIn Connection' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Content Analytics' })).toBeInTheDocument();
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
  });

  it('lists the five framework types with their day and purpose, and Quick Tips', async () => {
    renderSignedIn('/dashboard', noContent);
    const types = await screen.findByRole('region', { name: 'The five content types' });
    const items = within(types).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Contrarian TakeMonday · authority buildingWrite',
      'Behind the ScenesWednesday · value deliveryWrite',
      'FrameworkWednesday · value deliveryWrite',
      'Industry InsightFriday · value deliveryWrite',
      'Relationship BuilderFriday · engagementWrite',
    ]);
    expect(within(types).getByRole('link', { name: 'Write: Industry Insight' })).toHaveAttribute('href', '/content?type=insight');
    expect(screen.getByRole('heading', { name: 'Quick Tips' })).toBeInTheDocument();
  });
});

describe('dashboard: recent content', () => {
  it('when the user has content, then the latest items show (newest first, at most 5), not the empty state', async () => {
    const items = Array.from({ length: 7 }, (_, i) =>
      buildItem({ topic: `Post ${i + 1}`, createdAt: new Date(Date.UTC(2026, 2, 1 + i)).toISOString(), status: i === 6 ? 'published' : 'draft' }),
    );
    renderSignedIn('/dashboard', { 'GET /api/content': () => ({ body: { content: items } }) });
    const recent = await screen.findByRole('list', { name: 'Recent content' });
    expect(within(recent).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']);
    expect(within(recent).getAllByTestId('status-badge')[0]).toHaveTextContent('Published');
    expect(screen.queryByRole('heading', { name: 'No content yet' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/content-management');
  });

  it('when the user has no content, then the empty state invites a first post', async () => {
    renderSignedIn('/dashboard', noContent);
    expect(await screen.findByRole('heading', { name: 'No content yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first post' })).toHaveAttribute('href', '/content');
  });

  it('when the content cannot be loaded, then "Failed to load content" shows with Retry', async () => {
    let fail = true;
    renderSignedIn('/dashboard', { 'GET /api/content': () => (fail ? { status: 500 } : { body: { content: [buildItem({ topic: 'Back again' })] } }) });
    expect(await screen.findByRole('heading', { name: 'Failed to load content' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});

describe('dashboard: content mix against the 20-30% / 60% / 20% strategy', () => {
  it('when the mix is explained, then it is a week of posts in plain words whose shares add up to all posts, with no funnel jargon', async () => {
    renderSignedIn('/dashboard', { 'GET /api/content': () => ({ body: { content: [buildItem({ contentType: 'story' })] } }) });
    const card = await screen.findByRole('region', { name: 'Your content mix' });
    await within(card).findByTestId('funnel-top');
    expect(card).toHaveTextContent(
      'A balanced week is five posts: a Contrarian Take on Monday, a Behind the Scenes and a Framework on Wednesday, an Industry Insight and a Relationship Builder on Friday. That is 1 in 5 posts reaching new people, 3 in 5 giving value and 1 in 5 starting conversations.',
    );
    expect(card).not.toHaveTextContent(/funnel/i);
    // the shares said, and the targets shown, come to the whole week
    const said = [...(card.textContent ?? '').matchAll(/(\d) in 5 posts? (reaching|giving|starting)|(\d) in 5 (giving|starting)/g)].map((m) => Number(m[1] ?? m[3]));
    expect(said.reduce((a, b) => a + b, 0)).toBe(5);
    const targets = ['top', 'middle', 'bottom'].map((stage) => Number(/about (\d) in 5/.exec(within(card).getByTestId(`funnel-${stage}`).textContent ?? '')?.[1]));
    expect(targets.reduce((a, b) => a + b, 0)).toBe(5);
  });


  it('maps types to funnel stages and judges each stage against its target', () => {
    const items = [
      ...Array.from({ length: 3 }, () => ({ contentType: 'controversial' as const })),
      ...Array.from({ length: 5 }, () => ({ contentType: 'framework' as const })),
      { contentType: 'story' as const },
      { contentType: 'insight' as const },
    ];
    const mix = funnelMix(items);
    expect(mix.total).toBe(10);
    expect(mix.stages).toEqual([
      { stage: 'top', count: 3, percent: 30, verdict: 'on' },
      { stage: 'middle', count: 7, percent: 70, verdict: 'above' },
      { stage: 'bottom', count: 0, percent: 0, verdict: 'below' },
    ]);
    expect(mix.next).toBe('bottom');
    expect(funnelMix([]).next).toBeNull();
  });

  it('when the user has posts, then each stage shows its share, target and verdict, and what to write next', async () => {
    renderSignedIn('/dashboard', {
      'GET /api/content': () => ({ body: { content: [buildItem({ contentType: 'controversial' }), buildItem({ contentType: 'controversial' }), buildItem({ contentType: 'learning' })] } }),
    });
    const top = await screen.findByTestId('funnel-top');
    expect(top).toHaveTextContent('Reaching new people');
    expect(top).toHaveTextContent('67%');
    expect(top).toHaveTextContent('Above target');
    expect(top).toHaveTextContent('Target: about 1 in 5 posts');
    expect(screen.getByTestId('funnel-middle')).toHaveTextContent('Giving value');
    expect(screen.getByTestId('funnel-middle')).toHaveTextContent('0%Below target');
    expect(screen.getByTestId('funnel-middle')).toHaveTextContent('Target: about 3 in 5 posts');
    expect(screen.getByTestId('funnel-bottom')).toHaveTextContent('Starting conversations');
    expect(screen.getByTestId('funnel-bottom')).toHaveTextContent('33%Above target');
    expect(screen.getByRole('link', { name: 'Behind the Scenes' })).toHaveAttribute('href', '/content?type=story');
  });
});

describe('dashboard: LinkedIn connection and the profile picture', () => {
  it('when connected with a picture, then it says connected and offers no refresh', async () => {
    renderSignedIn('/dashboard', { ...noContent, 'GET /api/linkedin/profile': () => ({ body: connectedProfile() }) });
    expect(await screen.findByText('Connected as Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh profile picture' })).not.toBeInTheDocument();
  });

  it('when the connection expires within 7 days, then a reconnect warning shows', async () => {
    renderSignedIn('/dashboard', {
      ...noContent,
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({ reconnectSoon: true, expiresAt: '2099-04-02T10:00:00.000Z' }) }),
    });
    expect(await screen.findByText('Your LinkedIn connection expires on April 2, 2099. Reconnect LinkedIn before then to keep publishing and scheduling.')).toBeInTheDocument();
  });

  it('when the connection has expired, then the card says so and leads to reconnecting', async () => {
    renderSignedIn('/dashboard', {
      ...noContent,
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({ reconnectSoon: true, expired: true, expiresAt: '2026-03-01T10:00:00.000Z' }) }),
    });
    expect(await screen.findByText('Connection expired')).toBeInTheDocument();
    expect(screen.getByText('Your LinkedIn connection has expired. Reconnect LinkedIn to keep publishing and scheduling.')).toBeInTheDocument();
    expect(screen.queryByText(/Connected as/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Reconnect LinkedIn/ })).toHaveAttribute('href', '/profile');
  });

  it('when connected without a picture and the refresh finds one, then the page reloads its data and shows it', async () => {
    let picture: string | null = null;
    const { api } = renderSignedIn('/dashboard', {
      ...noContent,
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({}, { profilePicture: { displayImage: picture } }) }),
      'POST /api/linkedin/refresh-profile': () => {
        picture = 'https://media.example/new.png';
        return { body: { profilePictureUpdated: true } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh profile picture' }));
    expect(await screen.findByText('Your profile picture was updated from LinkedIn.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/linkedin/profile').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refresh profile picture' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('main')).getAllByRole('img')[0]).toHaveAttribute('src', 'https://media.example/new.png');
  });

  it('when the refresh finds no picture, then it says so', async () => {
    renderSignedIn('/dashboard', {
      ...noContent,
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({}, { profilePicture: { displayImage: null } }) }),
      'POST /api/linkedin/refresh-profile': () => ({ body: { profilePictureUpdated: false } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh profile picture' }));
    expect(await screen.findByText('No profile picture was found on your LinkedIn profile.')).toBeInTheDocument();
  });

  it('when the refresh fails, then "Failed to refresh profile picture. Please try again." shows', async () => {
    renderSignedIn('/dashboard', {
      ...noContent,
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({}, { profilePicture: { displayImage: null } }) }),
      'POST /api/linkedin/refresh-profile': () => ({ status: 502, body: { error: 'LinkedIn is unavailable' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh profile picture' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to refresh profile picture. Please try again.');
  });
});
