import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { buildSubscription } from './support/billing';
import { buildUser } from './support/fake-api';
import { chooseType, typeNames } from './support/generator-steps';
import { gate, renderSignedIn } from './support/screens';

const unverified = { emailVerified: false };
const REMINDER = 'Verify your email address, ada@example.com, to subscribe to a plan and get notification emails.';

const banner = () => screen.findByTestId('verify-email-banner');

describe('layout: the reminder to verify the email address', () => {
  it('when the address is unverified, then every signed-in page says where the link went, and the generator still works', async () => {
    const { app } = renderSignedIn('/dashboard', {}, unverified);

    expect(await banner()).toHaveTextContent(REMINDER);
    expect(within(await banner()).getByRole('button', { name: 'Resend email' })).toBeEnabled();
    expect(await seriousViolations()).toEqual([]);

    await act(() => app.router.navigate('/content'));
    expect(await banner()).toHaveTextContent(REMINDER);
    await chooseType('framework');
    expect(await screen.findByRole('button', { name: /Edit details|Generate/ })).toBeEnabled();
    expect(screen.getByRole('radio', { name: new RegExp(`^${typeNames.framework}`) })).toBeChecked();
  });

  it('when the address is verified, then there is no reminder', async () => {
    renderSignedIn('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
  });

  it('when Resend email is pressed, then it reads "Sending..." meanwhile and then "We sent a new link to <email>."', async () => {
    const held = gate();
    const { api } = renderSignedIn(
      '/dashboard',
      {
        'POST /api/auth/resend-verification': async () => {
          await held.promise;
          return { body: { sent: true } };
        },
      },
      unverified,
    );

    await userEvent.click(within(await banner()).getByRole('button', { name: 'Resend email' }));
    expect(within(await banner()).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => held.open());

    expect(await banner()).toHaveTextContent('We sent a new link to ada@example.com.');
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toEqual([expect.objectContaining({ authorization: 'Bearer access-1' })]);
  });

  it('when asked again too soon (429), then it says "Please wait a minute before asking again."', async () => {
    renderSignedIn(
      '/dashboard',
      {
        'POST /api/auth/resend-verification': () => ({
          status: 429,
          headers: { 'retry-after': '60' },
          body: { error: 'Too many attempts. Please wait a minute and try again.', code: 'AUTH.RATE_LIMITED' },
        }),
      },
      unverified,
    );

    await userEvent.click(within(await banner()).getByRole('button', { name: 'Resend email' }));

    await waitFor(async () => expect(await banner()).toHaveTextContent('Please wait a minute before asking again.'));
    expect(await banner()).toHaveTextContent(REMINDER);
  });

  it('when the address turns out verified already (409), then the user is read again and the reminder goes', async () => {
    let verified = false;
    const { api } = renderSignedIn(
      '/dashboard',
      {
        'GET /api/users/profile': () => ({ body: { user: buildUser({ emailVerified: verified }) } }),
        'POST /api/auth/resend-verification': () => {
          verified = true; // verified in another tab meanwhile
          return { status: 409, body: { error: 'Your email address is already verified.', code: 'AUTH.EMAIL_ALREADY_VERIFIED' } };
        },
      },
      unverified,
    );

    await userEvent.click(within(await banner()).getByRole('button', { name: 'Resend email' }));

    await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument());
    const resent = api.calls.findIndex((c) => c.path === '/api/auth/resend-verification');
    expect(api.calls.slice(resent + 1).some((c) => c.method === 'GET' && c.path === '/api/users/profile')).toBe(true);
  });

  it('when the reminder is dismissed, then it stays away for this browser session, on every page', async () => {
    const first = renderSignedIn('/dashboard', {}, unverified);

    await userEvent.click(within(await banner()).getByRole('button', { name: 'Dismiss the email verification reminder' }));

    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
    await act(() => first.app.router.navigate('/support'));
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
    first.app.unmount();

    // a reload in the same tab: still dismissed
    renderSignedIn('/dashboard', {}, unverified);
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
  });

  it('when a renewal is also unpaid, then both banners show, the payment one first', async () => {
    renderSignedIn(
      '/dashboard',
      { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ status: 'past_due', graceEndsAt: '2099-03-11T12:00:00.000Z' }) }) },
      { ...unverified, subscriptionTier: 'starter', subscriptionStatus: 'past_due' },
    );

    const pastDue = await screen.findByTestId('past-due-banner');
    const reminder = await banner();
    expect(pastDue.compareDocumentPosition(reminder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('when /settings is open, then the reminder leaves the verification to its Account section', async () => {
    renderSignedIn('/settings', {}, unverified);

    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Not verified');
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Resend email' })).toHaveLength(1);
  });
});
