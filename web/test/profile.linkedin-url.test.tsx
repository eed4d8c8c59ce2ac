import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@postwright/contracts';
import { buildUser } from './support/fake-api';
import { renderSignedIn } from './support/screens';

const personal = () => screen.getByRole('region', { name: 'Personal Information' });

/** The LinkedIn URL is taken as members copy it: "linkedin.com/in/..." needs no https://. */
describe('profile: the LinkedIn URL as members type it', () => {
  it.each([
    ['linkedin.com/in/ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['www.linkedin.com/in/ada-lovelace/', 'https://www.linkedin.com/in/ada-lovelace'],
    ['http://uk.linkedin.com/in/ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
  ])('when "%s" is saved, then no error shows and %s is sent and shown', async (typed, stored) => {
    const { api } = renderSignedIn('/profile', {
      'PUT /api/users/profile': (call: { body: unknown }) => ({ body: { user: buildUser(call.body as Partial<User>) } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(within(personal()).getByLabelText('LinkedIn URL'), typed);
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));

    expect(await within(personal()).findByText('Profile updated successfully!')).toBeInTheDocument();
    const [call] = api.callsTo('PUT', '/api/users/profile');
    expect(call.body).toMatchObject({ linkedinUrl: stored });
    expect(within(personal()).getByRole('link', { name: stored })).toHaveAttribute('href', stored);
  });

  it('when the field holds something that is not a web address, then it says what is expected and nothing is sent', async () => {
    const { api } = renderSignedIn('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(within(personal()).getByLabelText('LinkedIn URL'), 'my linkedin');
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));

    expect(within(personal()).getByLabelText('LinkedIn URL')).toHaveAccessibleDescription('LinkedIn URL must be a web address, such as linkedin.com/in/your-name');
    expect(api.callsTo('PUT', '/api/users/profile')).toHaveLength(0);
  });
});
