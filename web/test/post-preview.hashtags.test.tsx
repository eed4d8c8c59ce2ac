import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostPreview } from '../src/features/content/components/post-preview';
import { seriousViolations } from './support/axe';

const author = { name: 'Ada Lovelace', headline: 'Engineer', picture: null, initials: 'AL' };
const tagsIn = (root: HTMLElement) => [...root.querySelectorAll('[data-hashtag]')].map((el) => el.textContent);

describe('post preview: hashtags', () => {
  test('when the text has #words, then they show as LinkedIn hashtags and the text reads unchanged', async () => {
    const text = '#Hiring lessons for #leadership.\nC# teams, issue#12, #2026, ## and https://x.com/a#b stay text. Merci #café #machine_learning';
    render(<PostPreview text={text} {...author} />);
    const preview = screen.getByTestId('post-preview-text');
    expect(preview.textContent).toBe(text);
    expect(tagsIn(preview)).toEqual(['#Hiring', '#leadership', '#café', '#machine_learning']);
    for (const el of preview.querySelectorAll('[data-hashtag]')) {
      expect(el.tagName).toBe('SPAN');
      expect(el).toHaveClass('hashtag');
    }
    expect(preview.querySelector('a')).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  test('when a long post is folded, then hashtags are styled above the fold and after "see more"', async () => {
    const text = `#Opening ${'word '.repeat(60)}#hidden at the end`;
    render(<PostPreview text={text} {...author} />);
    const preview = screen.getByTestId('post-preview-text');
    expect(tagsIn(preview)).toEqual(['#Opening']);
    await userEvent.click(screen.getByRole('button', { name: '...see more' }));
    expect(tagsIn(preview)).toEqual(['#Opening', '#hidden']);
    expect(await seriousViolations()).toEqual([]);
  });
});
