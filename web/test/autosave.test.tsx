/**
 * The autosave state machine on its own, with fake timers: idle -> pending ->
 * saving -> saved; network and 5xx failures retried with backoff ("Not saved: retrying") until
 * the server recovers; a 4xx shows the server's message and does not spin.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../src/lib/api-client';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_RETRY_DELAYS_MS, useAutosave } from '../src/features/content/hooks/use-autosave';
import { SaveStatus } from '../src/features/content/components/save-status';

interface Doc {
  id: string;
  text: string;
}

type Save = jest.Mock<Promise<Doc>, [Doc]>;

let flushed: Promise<Doc | null> | null = null;

function Harness({ save, enabled = true }: { save: Save; enabled?: boolean }) {
  const [doc, setDoc] = useState<Doc>({ id: 'd1', text: 'Saved text' });
  // bumps when the document is replaced from the server (generated again, undone)
  const [revision, setRevision] = useState(0);
  const autosave = useAutosave<Doc, Doc>({ key: `${doc.id}#${revision}`, payload: doc, enabled, save });
  return (
    <>
      <label>
        Text
        <textarea value={doc.text} onChange={(e) => setDoc({ ...doc, text: e.target.value })} />
      </label>
      <button type="button" onClick={() => setDoc({ id: 'd2', text: 'Another draft' })}>
        Open d2
      </button>
      <button
        type="button"
        onClick={() => {
          autosave.discard();
          setDoc({ id: 'd1', text: 'The server text' });
          setRevision((n) => n + 1);
        }}
      >
        Replace from server
      </button>
      <button
        type="button"
        onClick={() => {
          flushed = autosave.flush();
          flushed.catch(() => undefined);
        }}
      >
        Flush
      </button>
      <SaveStatus state={autosave} />
      <span data-testid="dirty">{String(autosave.dirty)}</span>
    </>
  );
}

const status = () => screen.getByTestId('save-status');
const type = (text: string) => fireEvent.change(screen.getByLabelText('Text'), { target: { value: text } });
/** lets promise callbacks run (the fake server answers at once) */
const settle = () => act(async () => {});
const wait = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
  });

const ok = (): Save => jest.fn(async (doc: Doc) => doc);
const serverDown = () => new ApiError('Service unavailable', 503, { error: 'Service unavailable' });
const offline = () => new ApiError('Could not reach Postwright. Please check your connection and try again.', 0, null);

beforeEach(() => {
  jest.useFakeTimers();
  flushed = null;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('autosave', () => {
  it('when nothing changed, then nothing is saved and nothing is said', async () => {
    const save = ok();
    render(<Harness save={save} />);
    await wait(10_000);
    expect(save).not.toHaveBeenCalled();
    expect(status()).toHaveAttribute('data-state', 'idle');
    expect(status()).toHaveTextContent('');
  });

  it('when the text changes, then it is saved once after a pause in typing, and says "Saved"', async () => {
    const save = ok();
    render(<Harness save={save} />);
    type('Saved text, and more');
    await wait(AUTOSAVE_DELAY_MS / 2);
    type('Saved text, and more words');
    expect(status()).toHaveAttribute('data-state', 'pending');
    expect(screen.getByTestId('dirty')).toHaveTextContent('true');
    await wait(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();

    await wait(1);
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ id: 'd1', text: 'Saved text, and more words' });
    expect(status()).toHaveTextContent('Saved');
    expect(status()).toHaveAttribute('data-state', 'saved');
    expect(screen.getByTestId('dirty')).toHaveTextContent('false');
  });

  it('when the text is changed back before the pause ends, then nothing is sent', async () => {
    const save = ok();
    render(<Harness save={save} />);
    type('Saved text!');
    type('Saved text');
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it('when the network fails, then it says "Not saved: retrying", tries again with growing waits, and says "Saved" once the server recovers', async () => {
    const save: Save = jest.fn();
    save.mockRejectedValueOnce(offline()).mockRejectedValueOnce(serverDown()).mockImplementation(async (doc) => doc);
    render(<Harness save={save} />);
    type('Edited offline');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(status()).toHaveTextContent('Not saved: retrying');
    expect(status()).toHaveAttribute('data-state', 'retrying');
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: retrying'); // announced

    await wait(AUTOSAVE_RETRY_DELAYS_MS[0]);
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(status()).toHaveTextContent('Not saved: retrying');

    // the second wait is longer than the first
    await wait(AUTOSAVE_RETRY_DELAYS_MS[0]);
    expect(save).toHaveBeenCalledTimes(2);
    await wait(AUTOSAVE_RETRY_DELAYS_MS[1] - AUTOSAVE_RETRY_DELAYS_MS[0]);
    await settle();
    expect(save).toHaveBeenCalledTimes(3);
    expect(save).toHaveBeenLastCalledWith({ id: 'd1', text: 'Edited offline' });
    expect(status()).toHaveTextContent('Saved');
    expect(screen.getByTestId('dirty')).toHaveTextContent('false');
  });

  it('when typing goes on while a retry waits, then the retry sends the latest text', async () => {
    const save: Save = jest.fn();
    save.mockRejectedValueOnce(serverDown()).mockImplementation(async (doc) => doc);
    render(<Harness save={save} />);
    type('First');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    type('First and second');
    expect(status()).toHaveTextContent('Not saved: retrying');
    await wait(AUTOSAVE_RETRY_DELAYS_MS[0]);
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ id: 'd1', text: 'First and second' });
    expect(status()).toHaveTextContent('Saved');
  });

  it('when the server refuses the text (4xx), then its message shows and nothing is retried until the text changes', async () => {
    const save: Save = jest.fn();
    save.mockRejectedValueOnce(new ApiError('Edited content is required', 400, { error: 'Edited content is required', code: 'REQUEST.INVALID' })).mockImplementation(async (doc) => doc);
    render(<Harness save={save} />);
    type(' ');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(status()).toHaveTextContent('Not saved: Edited content is required');
    expect(status()).toHaveAttribute('data-state', 'error');
    expect(screen.getByTestId('dirty')).toHaveTextContent('true');

    await wait(60_000);
    expect(save).toHaveBeenCalledTimes(1);

    type('A real text');
    expect(status()).toHaveAttribute('data-state', 'pending');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(status()).toHaveTextContent('Saved');
  });

  it('when the text changes while a save is on the way, then the newer text is saved after it', async () => {
    let answer!: () => void;
    const save: Save = jest.fn();
    save.mockImplementationOnce((doc) => new Promise((resolve) => (answer = () => resolve(doc)))).mockImplementation(async (doc) => doc);
    render(<Harness save={save} />);
    type('One');
    await wait(AUTOSAVE_DELAY_MS);
    expect(status()).toHaveAttribute('data-state', 'saving');
    expect(status()).toHaveTextContent('Saving...');
    type('One two');
    await wait(AUTOSAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1); // one save at a time

    await act(async () => answer());
    expect(status()).toHaveAttribute('data-state', 'pending');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ id: 'd1', text: 'One two' });
    expect(status()).toHaveTextContent('Saved');
  });

  it('when flushed, then the pending text is saved at once (no wait) and the flush resolves with the answer', async () => {
    const save = ok();
    render(<Harness save={save} />);
    type('Publish me');
    fireEvent.click(screen.getByRole('button', { name: 'Flush' }));
    await settle();
    expect(save).toHaveBeenCalledWith({ id: 'd1', text: 'Publish me' });
    await expect(flushed).resolves.toEqual({ id: 'd1', text: 'Publish me' });
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('when a flush fails, then it rejects (so nothing goes out with unsaved edits)', async () => {
    const save: Save = jest.fn().mockRejectedValue(serverDown());
    render(<Harness save={save} />);
    type('Publish me');
    fireEvent.click(screen.getByRole('button', { name: 'Flush' }));
    await settle();
    await expect(flushed).rejects.toBeInstanceOf(ApiError);
    expect(status()).toHaveTextContent('Not saved: retrying');
  });

  it('when another document opens with edits pending, then the first is still saved, to its own id, and the new one starts clean', async () => {
    const save = ok();
    render(<Harness save={save} />);
    type('Unsaved words');
    fireEvent.click(screen.getByRole('button', { name: 'Open d2' }));
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ id: 'd1', text: 'Unsaved words' });
    expect(status()).toHaveAttribute('data-state', 'idle');
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1); // d2 as opened is not saved back
  });

  it('when the document is replaced from the server with edits pending, then they are dropped (never sent over the new version) and the new one starts clean', async () => {
    const save = ok();
    render(<Harness save={save} />);
    type('Edits of the old version');
    expect(status()).toHaveAttribute('data-state', 'pending');
    fireEvent.click(screen.getByRole('button', { name: 'Replace from server' }));
    await settle();
    expect(screen.getByLabelText('Text')).toHaveValue('The server text');
    expect(status()).toHaveAttribute('data-state', 'idle');
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();

    type('The server text, edited');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ id: 'd1', text: 'The server text, edited' });
  });

  it('when an old version failing to save is replaced from the server, then its retries stop', async () => {
    const save: Save = jest.fn().mockRejectedValue(serverDown());
    render(<Harness save={save} />);
    type('Edited offline');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(status()).toHaveAttribute('data-state', 'retrying');
    fireEvent.click(screen.getByRole('button', { name: 'Replace from server' }));
    await settle();
    await wait(AUTOSAVE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(status()).toHaveAttribute('data-state', 'idle');
  });

  it('when the draft changed on the server while it was being saved (409 CONTENT.CHANGED), then it is retried, not shown as a refusal', async () => {
    const save: Save = jest.fn();
    // the code decides, never the words
    save.mockRejectedValueOnce(new ApiError('Conflict', 409, { error: 'Something else entirely', code: 'CONTENT.CHANGED' })).mockImplementation(async (doc) => doc);
    render(<Harness save={save} />);
    type('Raced a regenerate');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(status()).toHaveAttribute('data-state', 'retrying');
    expect(status()).toHaveTextContent('Not saved: retrying');
    await wait(AUTOSAVE_RETRY_DELAYS_MS[0]);
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ id: 'd1', text: 'Raced a regenerate' });
    expect(status()).toHaveTextContent('Saved');
  });

  it('when the item is no longer a draft (409 CONTENT.NOT_EDITABLE), then the refusal shows and nothing is retried', async () => {
    const save: Save = jest.fn().mockRejectedValue(new ApiError('Published posts cannot be edited.', 409, { error: 'Published posts cannot be edited.', code: 'CONTENT.NOT_EDITABLE' }));
    render(<Harness save={save} />);
    type('Too late');
    await wait(AUTOSAVE_DELAY_MS);
    await settle();
    expect(status()).toHaveTextContent('Not saved: Published posts cannot be edited.');
    await wait(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('when the page is left with edits pending, then they are sent (best effort)', async () => {
    const save = ok();
    const { unmount } = render(<Harness save={save} />);
    type('Typed just before leaving');
    unmount();
    await settle();
    expect(save).toHaveBeenCalledWith({ id: 'd1', text: 'Typed just before leaving' });
  });

  it('when the document cannot change (published, scheduled), then nothing is saved', async () => {
    const save = ok();
    render(<Harness save={save} enabled={false} />);
    type('Changed');
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });
});
