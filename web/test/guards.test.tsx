import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildUser, fakeApi, seedSession } from './support/fake-api';
import { renderApp } from './support/render-app';

const user = buildUser({ firstName: 'Ada', lastName: 'Lovelace' });
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

function serverWithUser() {
  return fakeApi({
    'GET /api/users/profile': () => ({ body: { user } }),
    'POST /api/auth/login': () => ({ body: { user, tokens } }),
    'POST /api/auth/logout': () => ({ status: 204 }),
  });
}

async function login(email = 'ada@example.com', password = 'correct horse') {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('route guards', () => {
  it('when an anonymous visitor opens a protected page, then they land on the landing page', async () => {
    fakeApi({});
    const app = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: /Turn your expertise/ })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
  });

  it.each(['/content', '/content-management', '/profile', '/support', '/pricing', '/linkedin/callback'])(
    'when an anonymous visitor opens %s, then they are sent to /',
    async (path) => {
      fakeApi({});
      const app = renderApp(path);
      await waitFor(() => expect(app.location().pathname).toBe('/'));
    },
  );

  it('when an anonymous visitor opens /pricing, then they land on the landing page at its pricing section, scrolled to it; signing in brings them to /pricing', async () => {
    serverWithUser();
    const scrolled: string[] = [];
    const scrollIntoView = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    try {
      const app = renderApp('/pricing');
      await waitFor(() => expect(app.location()).toMatchObject({ pathname: '/', hash: '#pricing' }));
      const section = await screen.findByRole('region', { name: 'Simple pricing that pays for itself' });
      expect(section).toHaveAttribute('id', 'pricing');
      await waitFor(() => expect(scrolled).toContain('pricing'));

      await act(() => app.router.navigate('/auth/login', { state: app.location().state }));
      await login();
      await waitFor(() => expect(app.location().pathname).toBe('/pricing'));
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it('when the auth state is loading, then "Loading... Checking authentication status" shows', async () => {
    seedSession(user, tokens);
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    fakeApi({
      'GET /api/users/profile': async () => {
        await gate;
        return { body: { user } };
      },
    });
    renderApp('/dashboard');

    const text = await screen.findByText('Checking authentication status');
    expect(text.closest('[role="status"]')).toHaveTextContent('Loading... Checking authentication status');
    answer();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it.each(['/', '/auth/login', '/auth/signup'])('when a signed-in user opens %s, then they go to /dashboard', async (path) => {
    seedSession(user, tokens);
    serverWithUser();
    const app = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard');
  });

  it('when a signed-in user opens an unknown path, then the catch-all sends them to /dashboard', async () => {
    seedSession(user, tokens);
    serverWithUser();
    const app = renderApp('/no/such/page');

    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it('when an anonymous visitor opens an unknown path, then the catch-all sends them to /', async () => {
    fakeApi({});
    const app = renderApp('/no/such/page');

    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  it('when a signed-in user opens /settings (the Quick Action), then Settings shows inside the layout instead of the catch-all', async () => {
    seedSession(user, tokens);
    serverWithUser();
    const app = renderApp('/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByTestId('user-full-name')[0]).toHaveTextContent('Ada Lovelace');
    expect(app.location().pathname).toBe('/settings');
  });

  it('when an anonymous visitor opens /settings, then they are sent to / like any login-required page', async () => {
    fakeApi({});
    const app = renderApp('/settings');

    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  it.each([
    ['/auth/forgot-password', 'Reset your password'],
    ['/auth/reset-password?token=t1', 'Choose a new password'],
  ])('when a signed-in user opens %s, then it shows (it is not a logged-out-only page)', async (path, heading) => {
    seedSession(user, tokens);
    serverWithUser();
    const app = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(app.location().pathname).toBe(path.split('?')[0]);
  });

  it.each(['/privacy', '/terms', '/refund', '/cookies', '/about', '/faq', '/contact', '/demo'])(
    'when anyone opens the public page %s, then it shows without login',
    async (path) => {
      fakeApi({});
      const app = renderApp(path);

      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(app.location().pathname).toBe(path);
    },
  );
});

describe('return to origin after login', () => {
  it('when a visitor was sent away from a protected page and then logs in, then they return to it', async () => {
    serverWithUser();
    const app = renderApp('/content-management?filter=draft');
    await waitFor(() => expect(app.location().pathname).toBe('/'));

    await act(() => app.router.navigate('/auth/login'));
    await login();

    await waitFor(() => expect(app.location().pathname).toBe('/content-management'));
    expect(app.location().search).toBe('?filter=draft');
    expect(await screen.findByRole('heading', { name: 'Content Management' })).toBeInTheDocument();
  });

  it('when a visitor logs in without having been sent away, then they go to /dashboard', async () => {
    serverWithUser();
    const app = renderApp('/auth/login');

    await login();

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard');
  });

  it('when the origin was reached once, then a later login goes to /dashboard again', async () => {
    serverWithUser();
    const app = renderApp('/profile');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    await act(() => app.router.navigate('/auth/login'));
    await login();
    await waitFor(() => expect(app.location().pathname).toBe('/profile'));

    await userEvent.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]);
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    await act(() => app.router.navigate('/auth/login'));
    await login();

    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it('when a user logs out on a protected page, then the next login does not return there', async () => {
    seedSession(user, tokens);
    serverWithUser();
    const app = renderApp('/support');
    await screen.findByRole('heading', { name: 'Support' });

    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    await act(() => app.router.navigate('/auth/login'));
    await login();

    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it('when a user logged out and later opens a protected page, then logging in returns there', async () => {
    seedSession(user, tokens);
    serverWithUser();
    const app = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, Ada' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    app.unmount();

    const next = renderApp('/content');
    await waitFor(() => expect(next.location().pathname).toBe('/'));
    await act(() => next.router.navigate('/auth/login'));
    await login();

    await waitFor(() => expect(next.location().pathname).toBe('/content'));
  });
});
