import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answeredUser } from './support/content-store';
import { buildItem, renderSignedIn } from './support/screens';

/**
 * After Generate the result stays where the page put it: the address is replaced with the
 * draft's (`?draft=<id>`), and that replacement is not a visit, so nothing scrolls the page back
 * to the top (the router's scroll restoration did, smoothly, after the result took focus).
 */
describe('content creation: the result stays in view', () => {
  it('when a generation ends, then the address becomes the draft, the result takes focus and the page is not scrolled to the top', async () => {
    const item = buildItem({ id: 'kept-1', contentType: 'framework', topic: 'My 3-question filter for saying no' });
    const { app } = renderSignedIn('/content?type=framework', {
      'POST /api/content/generate': () => ({ status: 201, body: { content: item, user: answeredUser(2) } }),
    });
    await userEvent.type(await screen.findByLabelText('What process or framework will you teach?'), 'My 3-question filter for saying no');
    await userEvent.type(screen.getByLabelText('Industry/Role'), 'COO at a logistics company');
    await userEvent.type(screen.getByLabelText('Where has this framework worked for you?'), 'Last year I used three questions to cut our roadmap.');
    await userEvent.type(screen.getByLabelText('Target Audience'), 'Operations leaders');

    const scrollTo = jest.spyOn(window, 'scrollTo');
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
      const hooks = await screen.findByRole('group', { name: 'Hooks' });
      await waitFor(() => expect(app.location().search).toBe('?draft=kept-1'));
      // the router renders the new address in a transition: let it commit
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(hooks.closest('[tabindex="-1"]')).toHaveFocus();
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('when the member goes to another page, then that page still opens at the top', async () => {
    const { app } = renderSignedIn('/content?type=framework');
    await screen.findByLabelText('What process or framework will you teach?');
    const scrollTo = jest.spyOn(window, 'scrollTo');
    try {
      await act(() => app.router.navigate('/support'));
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    } finally {
      scrollTo.mockRestore();
    }
  });
});
