import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildUser, fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';

const user = buildUser({ firstName: 'Grace', lastName: 'Hopper' });
const tokens = { accessToken: 'a', refreshToken: 'r' };

async function fillSignup(password: string, confirm: string) {
  await userEvent.type(await screen.findByLabelText('First Name'), 'Grace');
  await userEvent.type(screen.getByLabelText('Last Name'), 'Hopper');
  await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
}

describe('auth form', () => {
  it('when signup passwords differ, then nothing is submitted and Confirm Password says so in text (no banner) and takes focus', async () => {
    const api = fakeApi({ 'POST /api/auth/signup': () => ({ body: { user, tokens } }) });
    renderApp('/auth/signup');
    await fillSignup('long-password-1', 'long-password-2');

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm).toHaveFocus();
    expect(api.callsTo('POST', '/api/auth/signup')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.type(confirm, 'x');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('when signup passwords match, then the account is created with the four fields and the new user is welcomed (not "welcome back") on the dashboard', async () => {
    const created = buildUser({ firstName: 'Grace', lastName: 'Hopper', createdAt: new Date().toISOString() });
    const api = fakeApi({ 'POST /api/auth/signup': () => ({ status: 201, body: { user: created, tokens } }) });
    const app = renderApp('/auth/signup');
    await fillSignup('long-password-1', 'long-password-1');

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard');
    expect(api.callsTo('POST', '/api/auth/signup')[0].body).toEqual({
      email: 'grace@example.com',
      password: 'long-password-1',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
  });

  it('when the server refuses a login, then its error text shows', async () => {
    fakeApi({ 'POST /api/auth/login': () => ({ status: 401, body: { error: 'Invalid email or password' } }) });
    renderApp('/auth/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('when a login fails without error text, then "Login failed" shows', async () => {
    fakeApi({ 'POST /api/auth/login': () => ({ status: 502 }) });
    renderApp('/auth/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('when a signup fails without error text, then "Signup failed" shows; with text about no field, the text shows', async () => {
    let reply: { status: number; body?: unknown } = { status: 500 };
    fakeApi({ 'POST /api/auth/signup': () => reply });
    renderApp('/auth/signup');
    await fillSignup('long-password-1', 'long-password-1');

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed');

    reply = { status: 429, body: { error: 'Too many attempts. Please wait a minute and try again.', code: 'AUTH.RATE_LIMITED' } };
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.'));
  });

  it('when the email is already registered (409 AUTH.EMAIL_TAKEN), then the server text shows on Email, which takes focus', async () => {
    fakeApi({ 'POST /api/auth/signup': () => ({ status: 409, body: { error: 'An account with this email already exists', code: 'AUTH.EMAIL_TAKEN' } }) });
    renderApp('/auth/signup');
    await fillSignup('long-password-1', 'long-password-1');

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('An account with this email already exists');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('when a login is in progress, then the button reads "Signing in..." and is disabled', async () => {
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    fakeApi({
      'POST /api/auth/login': async () => {
        await gate;
        return { status: 401, body: { error: 'Invalid email or password' } };
      },
    });
    renderApp('/auth/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await act(async () => answer());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('when a signup is in progress, then the button reads "Creating account..."', async () => {
    fakeApi({ 'POST /api/auth/signup': () => new Promise(() => {}) });
    renderApp('/auth/signup');
    await fillSignup('long-password-1', 'long-password-1');

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });

  it('when signup is opened from a pricing button, then the selected plan shows', async () => {
    fakeApi({});
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Turn your expertise/ });

    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    await userEvent.click(screen.getByRole('link', { name: 'Start Free Trial with Professional' }));

    await waitFor(() => expect(app.location().pathname).toBe('/auth/signup'));
    expect(await screen.findByTestId('selected-plan')).toHaveTextContent('Selected plan: Professional (yearly)');
  });

  it('when the mode link is followed, then the form switches between login and signup; the home link goes to /', async () => {
    fakeApi({});
    const app = renderApp('/auth/login');

    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/auth/signup');

    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });
});
