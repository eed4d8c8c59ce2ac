import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { linkedinMessages } from '../src/features/profile/components/linkedin-card';
import { connectedProfile, renderSignedIn } from './support/screens';

/**
 * Disconnecting forgets the connection, its profile and the LinkedIn post records; it deletes no
 * post and no draft (docs/linkedin.md). The confirmation says what happens and promises nothing
 * more: not that the post history is cleared, as Content Management keeps it.
 */
describe('profile: what the disconnect confirmation says', () => {
  it('when Disconnect is pressed, then the dialog says what is forgotten and what stays, and promises no clearing of the history', async () => {
    renderSignedIn('/profile', { 'GET /api/linkedin/profile': () => ({ body: connectedProfile() }) });
    const card = await screen.findByRole('region', { name: 'LinkedIn Connection' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }));

    const dialog = await screen.findByRole('dialog', { name: 'Disconnect LinkedIn?' });
    expect(dialog).toHaveAccessibleDescription(linkedinMessages.confirmDisconnect);
    const said = linkedinMessages.confirmDisconnect;
    expect(said).toMatch(/^Are you sure you want to disconnect your LinkedIn account\? /);
    expect(said).toContain('forget your LinkedIn profile');
    expect(said).toContain('Your posts stay on LinkedIn');
    expect(said).toContain('your drafts and published posts stay in Content Management');
    expect(said).toContain('Scheduled posts that come due before you connect again go back to your drafts');
    expect(said).not.toMatch(/clear|delet|remov/i);
  });
});
