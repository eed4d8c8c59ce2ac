/**
 * The generator's form and preview: errors in text on their fields, the first
 * invalid field takes focus, a server refusal about a field lands on it; the preview stays at
 * hand (a Preview toggle on phones) and counts what will be posted; the chip row says when it
 * scrolls.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentStore } from './support/content-store';
import { chooseType, experienceLabels, fillDetails, generateDraft, pressGenerate, topicLabels } from './support/generator-steps';
import { renderSignedIn } from './support/screens';


/** The text shown under a field (its error), found from the control. */
function errorOf(control: HTMLElement): string | null {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = ids.map((id) => document.getElementById(id)).filter((el) => el?.closest('[data-testid="field-error"]') || el?.getAttribute('data-testid') === 'field-error');
  return texts[0]?.textContent ?? null;
}

describe('generation form errors', () => {
  it('when Generate is pressed with the form empty, then each error is text on its field and the first field takes focus', async () => {
    renderSignedIn('/content');
    await chooseType('framework');
    await pressGenerate();
    const topic = screen.getByLabelText(topicLabels.framework);
    await waitFor(() => expect(topic).toHaveFocus());
    expect(errorOf(topic)).toBe('Topic is required');
    expect(errorOf(screen.getByLabelText('Industry/Role'))).toBe('Industry/Role is required');
    expect(errorOf(screen.getByLabelText(experienceLabels.framework))).toBe('Personal experience is required');
    expect(errorOf(screen.getByLabelText('Target Audience'))).toBe('Target audience is required');
  });

  it('when only a later field is wrong, then that field takes focus', async () => {
    renderSignedIn('/content');
    await chooseType('framework');
    await fillDetails('framework', { personalExperience: 'too short' });
    await pressGenerate();
    const experience = screen.getByLabelText(experienceLabels.framework);
    await waitFor(() => expect(experience).toHaveFocus());
    expect(errorOf(experience)).toBe('Personal experience must be at least 10 characters');
  });

  it.each([
    ['with details', { error: 'Topic must be at least 3 characters', code: 'REQUEST.INVALID', details: { topic: 'Topic must be at least 3 characters' } }],
    ['named only in its message', { error: 'Topic must be at least 3 characters', code: 'REQUEST.INVALID' }],
  ])('when the server refuses a field (%s), then its message shows on that field, which takes focus, and no banner', async (_case, body) => {
    renderSignedIn('/content', { 'POST /api/content/generate': () => ({ status: 400, body }) });
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();
    const topic = screen.getByLabelText(topicLabels.framework);
    await waitFor(() => expect(errorOf(topic)).toBe('Topic must be at least 3 characters'));
    expect(topic).toHaveAttribute('aria-invalid', 'true');
    expect(topic).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the preview', () => {
  it('counts what will be posted: the hook, a blank line, then the body', async () => {
    renderSignedIn('/content', contentStore().handlers);
    await generateDraft('framework');
    await userEvent.click(screen.getByRole('radio', { name: /framework hook 2/ }));
    const body = screen.getByLabelText('Post body') as HTMLTextAreaElement;
    const posted = `framework hook 2 (take 1)\n\n${body.value}`;
    expect(screen.getByTestId('length-counter')).toHaveTextContent(`${posted.length} / 1,600 characters`);
    expect(screen.getByTestId('post-preview-text').textContent).toBe(posted);
  });

  it('has a Preview toggle (for phones) that shows and hides it', async () => {
    renderSignedIn('/content', contentStore().handlers);
    await generateDraft('framework');
    const toggle = screen.getByRole('button', { name: 'Preview' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByTestId('post-preview-text')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel.closest('section')).toHaveClass('previewOpen');
    // the counter sits with the preview
    expect(panel.closest('section')).toContainElement(screen.getByTestId('length-counter'));
  });
});

describe('the trial banner', () => {
  it('when one trial post is left, then it reads "1 of 3 trial posts left."', async () => {
    renderSignedIn('/content', {}, { trialPostsUsed: 2 });
    expect(await screen.findByTestId('trial-posts-left')).toHaveTextContent(/^1 of 3 trial posts left\.$/);
  });
});

describe('the type chips on a small screen', () => {
  it('when more chips lie off to the side, then the row says so', async () => {
    renderSignedIn('/content?type=framework');
    await screen.findByLabelText(topicLabels.framework);
    const row = screen.getByRole('group', { name: 'Content type' });
    const frame = screen.getByTestId('type-chips');
    expect(frame).not.toHaveClass('moreAfter');
    Object.defineProperty(row, 'scrollWidth', { configurable: true, value: 900 });
    Object.defineProperty(row, 'clientWidth', { configurable: true, value: 340 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(frame).toHaveClass('moreAfter');
    expect(frame).not.toHaveClass('moreBefore');
    row.scrollLeft = 560;
    fireEvent.scroll(row);
    expect(frame).toHaveClass('moreBefore');
    expect(frame).not.toHaveClass('moreAfter');
  });
});
