import { OPTIMAL_POST_LENGTH } from '@postwright/contracts';
import { parsePostOutput } from '../src/modules/generation/providers/post-output';

/** A model's answer read into a post: each hook's style is the one it names, or the one its words show. */
describe('parsePostOutput: hook styles', () => {
  const hooks = ['Most advice about hiring is wrong.', 'What if hiring is backwards?', '3 lessons about hiring.', 'Last year I hired badly.', 'Everyone talks about hiring. Few do it well.'];
  // a body that lands in the band beside every hook
  const paragraph = 'A paragraph of the post, plain and specific, written for the reader who needs it.';
  const body = Array.from({ length: Math.ceil((OPTIMAL_POST_LENGTH.min + 20) / (paragraph.length + 2)) }, () => paragraph).join('\n\n');
  const answer = (extra: Record<string, unknown>) => JSON.stringify({ body, hooks, ...extra });

  test('when the answer names a style for every hook, then the post carries them in the hooks\' order', () => {
    const parsed = parsePostOutput(answer({ hookStyles: ['contrast', 'question', 'number', 'story', 'claim'] }));

    expect(parsed).toMatchObject({ ok: true, post: { hooks, hookStyles: ['contrast', 'question', 'number', 'story', 'claim'] } });
  });

  test('when the answer has no styles (a model in JSON mode), then the post is kept and each hook\'s style is read from its words', () => {
    const parsed = parsePostOutput(answer({}));

    expect(parsed).toMatchObject({ ok: true, post: { hooks, hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] } });
  });

  test('when styles are misnamed, not a list, or too few, then the post is kept and only those hooks are read from their words', () => {
    expect(parsePostOutput(answer({ hookStyles: ['Bold claim', 'riddle', null] }))).toMatchObject({ ok: true, post: { hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] } });
    expect(parsePostOutput(answer({ hookStyles: 'question' }))).toMatchObject({ ok: true, post: { hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] } });
    expect(parsePostOutput(answer({ hookStyles: ['story', 'story', 'story', 'story', 'story', 'story'] }))).toMatchObject({ ok: true, post: { hookStyles: ['story', 'story', 'story', 'story', 'story'] } });
  });

  test('when the hooks themselves are unusable, then the styles do not save the answer: the problems are the hooks\'', () => {
    const parsed = parsePostOutput(JSON.stringify({ body, hooks: hooks.slice(0, 4), hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] }));

    expect(parsed).toEqual({ ok: false, problems: ['There were 4 hooks; exactly 5 are needed.'] });
  });

  test('when the answer is wrapped in a code fence with the styles, then it is read the same', () => {
    const parsed = parsePostOutput(`\`\`\`json\n${answer({ hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] })}\n\`\`\``);

    expect(parsed).toMatchObject({ ok: true, offBy: 0, post: { hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] } });
  });
});
