import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, useConfirm } from '../src/components/ui/confirm-dialog';
import { seriousViolations } from './support/axe';

/** A button that asks, and shows the answer. */
function Asker({ tone }: { tone?: 'primary' | 'danger' }) {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () =>
          setAnswer(
            String(
              await confirm({
                title: 'Delete post?',
                message: 'Are you sure you want to delete "Why culture fit fails"? This action cannot be undone.',
                confirmLabel: 'Delete',
                tone,
              }),
            ),
          )
        }
      >
        Delete
      </button>
      <output data-testid="answer">{answer}</output>
      {dialog}
    </>
  );
}

describe('the app confirmation dialog', () => {
  it('when it opens, then it is a modal dialog named by its title and described by the question, with focus on Cancel', async () => {
    render(<Asker tone="danger" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete post?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete "Why culture fit fails"? This action cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await seriousViolations()).toEqual([]);
  });

  it('when the action is confirmed, then it answers true and focus goes back to the button that asked', async () => {
    render(<Asker />);
    const ask = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(ask);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('true'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ask).toHaveFocus();
  });

  it.each([
    ['Cancel', async () => userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))],
    ['Escape', async () => userEvent.keyboard('{Escape}')],
    ['the close button', async () => userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }))],
  ])('when it is dismissed with %s, then it answers false', async (_how, dismiss) => {
    render(<Asker />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await dismiss();
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('false'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when Tab reaches the last button, then focus stays inside the dialog', async () => {
    render(<Asker />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.tab(); // Cancel -> Delete
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.tab(); // wraps to the first (Close)
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('the component on its own calls onConfirm and onCancel', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="Disconnect LinkedIn?" message="Are you sure?" confirmLabel="Disconnect" tone="danger" onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
