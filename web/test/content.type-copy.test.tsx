import { screen } from '@testing-library/react';
import { contentTypes } from '@postwright/contracts';
import { typeCopy } from '../src/features/content/components/type-copy';
import { renderSignedIn } from './support/screens';

/**
 * Each type's topic field asks one question, and its example answers that question and its
 * help says what the post does with the answer. A Contrarian Take asks for the conventional
 * wisdom the member disagrees with: an example that was itself the contrarian view led members
 * to type their own view, and the post then argued against them.
 */
const expected = {
  controversial: {
    label: 'What conventional wisdom do you disagree with?',
    example: 'e.g. Hiring for culture fit makes teams stronger',
    help: 'Write the common belief the way people in your field say it. The post names it and argues against it, with your experience as the proof.',
  },
  story: {
    label: 'What behind-the-scenes moment will you share?',
    example: 'e.g. The week we almost missed payroll',
    help: 'A decision, setback or turning point from inside your company or career.',
  },
  framework: {
    label: 'What process or framework will you teach?',
    example: 'e.g. My 3-question filter for saying no to projects',
    help: 'A repeatable method you use to solve a problem, such as how you run quarterly planning.',
  },
  insight: {
    label: 'What trend or shift are you seeing in your industry?',
    example: 'e.g. Mid-market buyers now expect usage-based pricing',
    help: 'A change in your market, technology or customers that others have not fully noticed yet.',
  },
  learning: {
    label: 'What lesson or question do you want to open up?',
    example: 'e.g. What I got wrong about my first 90 days as CEO',
    help: 'A lesson you learned, a mistake you made, or a question you want your network to weigh in on.',
  },
} as const;

/** words that make a belief the speaker's own verdict against it: what a conventional-wisdom example must not say */
const DISSENT = /\b(overrated|myth|holding .* back|holds .* back|doesn't work|no longer|wrong|stop|unpopular|I|my|we|our)\b/i;

describe('content creation: each type\'s topic label, example and help agree', () => {
  test.each(contentTypes)('when a %s post is written, then its topic field shows its own label, example and help together', async (type) => {
    renderSignedIn(`/content?type=${type}`);
    const topic = await screen.findByLabelText(expected[type].label);
    expect(topic).toHaveAttribute('placeholder', expected[type].example);
    expect(topic).toHaveAccessibleDescription(expected[type].help);
  });

  test('when a Contrarian Take is written, then the example is a belief people hold (not a view against it), and the help says the post argues against it', () => {
    const copy = typeCopy.controversial;
    expect(copy.topicLabel).toMatch(/conventional wisdom do you disagree with/);
    expect(copy.topicPlaceholder.replace(/^e\.g\. /, '')).not.toMatch(DISSENT);
    expect(copy.topicHelp).toMatch(/argues against it/);
    // the experience the form asks for next is what proved that belief wrong, about the same subject
    expect(copy.experienceLabel).toBe('What happened that changed your mind?');
    expect(copy.experiencePlaceholder).toMatch(/culture fit/);
  });

  test.each(contentTypes.filter((t) => t !== 'controversial'))('when a %s post is written, then its example and the experience example tell one story', (type) => {
    const copy = typeCopy[type];
    const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9-]{4,}/g) ?? []);
    const [topic, experience] = [words(copy.topicPlaceholder), words(copy.experiencePlaceholder)];
    expect([...topic].filter((w) => experience.has(w) && w !== 'e.g').length).toBeGreaterThan(0);
  });
});
