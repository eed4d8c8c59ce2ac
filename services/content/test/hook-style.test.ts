import { classifyHook, hookStylesFor, readHookStyle } from '../src/modules/generation/providers/hook-style';

/** The classifier that reads a hook's style from its words when its writer did not name one. */
describe('classifyHook', () => {
  test.each([
    ['What if everything you know about hiring is backwards?', 'question'],
    ['Who taught you the most about your work?', 'question'],
    ['“Are you seeing the same shift that I am?”', 'question'],
    ['Do you still believe culture fit matters? I stopped.', 'question'],
    ['Who taught you how to answer “How do you price a product?”', 'question'],
  ])('when a hook asks (%s), then it is a question', (hook, style) => {
    expect(classifyHook(hook)).toBe(style);
  });

  test.each([
    ['3 lessons about hiring I learned the hard way.', 'number'],
    ['48 hours, one hard call, and 3 lessons I still use.', 'number'],
    ['$2M in pipeline from one conversation.', 'number'],
    ['The 4-step method I use for every hard problem. Steal it.', 'number'],
    ['My 3 rules for board meetings.', 'number'],
    ['Three years ago I nearly shut the company down.', 'number'],
    ['90% of pitch decks fail on the first slide.', 'number'],
    ['One story, 3 lessons: our Series B.', 'number'],
    ['3 signals that change the answer to “How do you price a product?”', 'number'],
  ])('when a hook opens with a figure (%s), then it is a number', (hook, style) => {
    expect(classifyHook(hook)).toBe(style);
  });

  test.each([
    ["It's not the plan that fails, but the people who never read it.", 'contrast'],
    ["Hiring isn't about talent. It's about fit for the next two years.", 'contrast'],
    ["It wasn't luck. It was a system.", 'contrast'],
    ['Most founders think speed wins, but the calm ones last longer.', 'contrast'],
    ['Everyone talks about culture. Few people measure it.', 'contrast'],
    ['The common view: do more. What actually works: do less, better.', 'contrast'],
    ['Speed vs. judgement: the trade nobody names.', 'contrast'],
    ['Courses taught me the theory. People taught me how the work is done.', 'contrast'],
    ["You don't need more effort. You need a method.", 'contrast'],
    ['Most people answer “Should we hire?” on instinct. I use a process.', 'contrast'],
  ])('when a hook sets one thing against another (%s), then it is a contrast', (hook, style) => {
    expect(classifyHook(hook)).toBe(style);
  });

  test.each([
    ['Last year I made a decision about hiring that changed everything.', 'story'],
    ['I was two weeks from missing payroll.', 'story'],
    ['We hired the wrong person for the right reasons.', 'story'],
    ['It was late, the room was quiet, and nobody wanted to say it.', 'story'],
    ['The day I stopped following the standard advice, things started to work.', 'story'],
    ['I still remember the moment the playbook stopped working.', 'story'],
    ['Someone once told me something I did not want to hear.', 'story'],
    ['A conversation last month changed how I read our market.', 'story'],
  ])('when a hook opens a moment in the author\'s past (%s), then it is a story', (hook, style) => {
    expect(classifyHook(hook)).toBe(style);
  });

  test.each([
    ['Most advice about hiring is wrong.', 'claim'],
    ['The best operators I know all work from a checklist.', 'claim'],
    ['Good judgement is a process you can write down.', 'claim'],
    ['I need to say something about hiring.', 'claim'],
    ['Most of the advice in 2024 was wrong about hiring.', 'claim'],
  ])('when a hook is a plain statement (%s), then it is a claim', (hook, style) => {
    expect(classifyHook(hook)).toBe(style);
  });

  test('when the same hook is read twice, then it reads the same way', () => {
    const hook = 'Everyone talks about culture. Few people measure it.';
    expect(classifyHook(hook)).toBe(classifyHook(hook));
  });
});

describe('readHookStyle and hookStylesFor', () => {
  test.each([
    ['question', 'question'],
    [' Contrast ', 'contrast'],
    ['bold claim', 'claim'],
    ['story opening', 'story'],
    ['NUMBER', 'number'],
  ])('when a writer names the style %p, then it is read as %p', (named, style) => {
    expect(readHookStyle(named)).toBe(style);
  });

  test.each([['statistic'], [''], ['claim or question'], [3], [null], [undefined], [{ style: 'claim' }]])('when a writer names %p, then no style is read', (named) => {
    expect(readHookStyle(named)).toBeNull();
  });

  const hooks = ['Most advice about hiring is wrong.', 'What if hiring is backwards?', '3 lessons about hiring.', 'Last year I hired badly.', 'Everyone talks about hiring. Few do it well.'];

  test('when every style is named, then the named ones are kept, even where the words read otherwise', () => {
    expect(hookStylesFor(hooks, ['contrast', 'question', 'number', 'story', 'claim'])).toEqual(['contrast', 'question', 'number', 'story', 'claim']);
  });

  test('when styles are missing, misnamed or too few, then those hooks are read from their words', () => {
    expect(hookStylesFor(hooks, null)).toEqual(['claim', 'question', 'number', 'story', 'contrast']);
    expect(hookStylesFor(hooks, ['claim', 'quiz', 7])).toEqual(['claim', 'question', 'number', 'story', 'contrast']);
  });
});
