import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, Textarea } from '../src/components/ui/field';
import { fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { renderSignedIn } from './support/screens';

/**
 * Forms: every field error is text on its field (not colour alone), tied to the
 * control with aria-describedby and aria-invalid; a refused submit focuses the first invalid
 * field; a server error that belongs to a field is shown on it.
 */

describe('a field with an error', () => {
  it('when a field has an error, then the text shows under it, the control is invalid and described by the error, then its hint', () => {
    render(<Input label="Topic" hint="What is the post about?" error="Topic is required" />);
    const input = screen.getByLabelText('Topic');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Topic is required What is the post about?');
    expect(screen.getByText('Topic is required')).toBeVisible();
  });

  it('when the caller describes the control too, then its own description is kept beside the error', () => {
    render(
      <>
        <p id="counter">12/500</p>
        <Textarea label="Experience" error="Personal experience is required" aria-describedby="counter" />
      </>,
    );
    const textarea = screen.getByLabelText('Experience');
    expect(textarea).toHaveAccessibleDescription('Personal experience is required 12/500');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
  });

  it('when there is no error, then the control is not marked invalid and only the hint describes it', () => {
    render(<Input label="Company" hint="Optional" />);
    const input = screen.getByLabelText('Company');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Optional');
  });
});

describe('sign up and sign in: field errors', () => {
  it('when signup is sent empty, then every field says what it needs, the first one takes focus and nothing is sent', async () => {
    const api = fakeApi({});
    renderApp('/auth/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));

    const expected: Array<[string | RegExp, string]> = [
      ['First Name', 'First name is required'],
      ['Last Name', 'Last name is required'],
      ['Email', 'Email is required'],
      [/^Password$/, 'Password is required'],
      ['Confirm Password', 'Please confirm your password'],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getByLabelText('First Name')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when the email is malformed and the password short, then those two fields say so and Email takes focus', async () => {
    const api = fakeApi({});
    renderApp('/auth/signup');
    await userEvent.type(await screen.findByLabelText('First Name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example');
    await userEvent.type(screen.getByLabelText(/^Password$/), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText(/^Password$/)).toHaveAccessibleDescription('Password must be at least 8 characters At least 8 characters.');
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Email'), '.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Password$/)).toHaveAttribute('aria-invalid', 'true'); // the others keep theirs
  });

  it('when the server refuses signup fields (400 with details), then each message shows on its field and the first takes focus', async () => {
    fakeApi({
      'POST /api/auth/signup': () => ({
        status: 400,
        body: {
          error: 'Last name is required',
          code: 'REQUEST.INVALID',
          details: { lastName: 'Last name is required', password: 'Password must be at least 8 characters' },
        },
      }),
    });
    renderApp('/auth/signup');
    await userEvent.type(await screen.findByLabelText('First Name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText(/^Password$/), 'long-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'long-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const lastName = screen.getByLabelText('Last Name');
    await waitFor(() => expect(lastName).toHaveFocus());
    expect(lastName).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText(/^Password$/)).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 8 characters'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when login is sent without a password, then Password says so and takes focus; a wrong password stays the form\'s message', async () => {
    const api = fakeApi({ 'POST /api/auth/login': () => ({ status: 401, body: { error: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' } }) });
    renderApp('/auth/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(password).toHaveFocus();
    expect(api.calls).toHaveLength(0);

    await userEvent.type(password, 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(password).not.toHaveAttribute('aria-invalid');
  });
});

describe('profile: field errors', () => {
  function personal() {
    return screen.getByRole('region', { name: 'Personal Information' });
  }

  it('when the LinkedIn URL is not a web address, then the field says so in the server\'s words, takes focus, and nothing is sent', async () => {
    const { api } = renderSignedIn('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(within(personal()).getByLabelText('LinkedIn URL'), 'ada lovelace');
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));

    const url = within(personal()).getByLabelText('LinkedIn URL');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription('LinkedIn URL must be a web address, such as linkedin.com/in/your-name');
    expect(url).toHaveFocus();
    expect(within(personal()).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/profile')).toHaveLength(0);
  });

  it('when the server refuses linkedinUrl (400 naming the field), then its message shows on LinkedIn URL, which takes focus; editing it clears it', async () => {
    const message = 'LinkedIn URL must be a web address, such as linkedin.com/in/your-name';
    const { api } = renderSignedIn('/profile', {
      'PUT /api/users/profile': () => ({ status: 400, body: { error: message, code: 'REQUEST.INVALID', details: { linkedinUrl: message } } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(within(personal()).getByLabelText('LinkedIn URL'), 'https://www.linkedin.com/in/ada');
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));

    const url = within(personal()).getByLabelText('LinkedIn URL');
    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(message);
    expect(within(personal()).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/profile')).toHaveLength(1);

    await userEvent.type(url, '/');
    expect(url).not.toHaveAttribute('aria-invalid');
  });

  it('when the server refuses the email (USER.EMAIL_READ_ONLY), then "Email cannot be changed" shows on Email as an error', async () => {
    renderSignedIn('/profile', {
      'PUT /api/users/profile': () => ({
        status: 400,
        body: { error: 'Email cannot be changed', code: 'USER.EMAIL_READ_ONLY', details: { email: 'Email cannot be changed' } },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));

    const email = within(personal()).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    expect(within(personal()).getByTestId('field-error')).toHaveTextContent('Email cannot be changed');
  });
});
