import { modelStack } from './support/model-stack';

/**
 * What is posted is the chosen hook, a blank line and the body, so the model's body
 * must leave room for its longest hook and be enough for its shortest: each of the five makes
 * a post of 1,300-1,600 characters. A body off that band gets one repair request; a post that
 * is still a little off is kept (the author can trim it) rather than failing the generation.
 */
const hooks = [
  'Most advice about remote work is wrong.', // 39
  'What if everything you know about remote work is backwards?',
  '3 lessons about remote work I learned the hard way.',
  'Last year I made a decision about remote work that changed everything, and it started with one uncomfortable meeting.', // 117
  'Everyone talks about remote work. Few people do it well.',
];
const sentence = 'A concrete lesson from the work itself, for the reader who needs it.'; // 68
const bodyOf = (length: number) => {
  let body = sentence;
  while (body.length + 1 + sentence.length <= length) body += ` ${sentence}`;
  return body.padEnd(length, '.');
};
// with these hooks: at least 1,300 - 2 - 39 = 1,259, at most 1,600 - 2 - 117 = 1,481
const inBand = bodyOf(1400);
const tooLong = bodyOf(1560); // fine on its own, 1,679 with the longest hook
const farTooLong = bodyOf(1700);
const tooShort = bodyOf(1200);
const answer = (body: string) => ({ content: JSON.stringify({ body, hooks }) });

describe('POST /api/content/generate: the length band for a model\'s post', () => {
  const ai = modelStack();
  const { generate } = ai;
  const postLengths = (content: { hooks: string[]; generatedContent: string }) => content.hooks.map((h) => `${h}\n\n${content.generatedContent}`.length);

  test('when the body fits every hook, then it is stored as is, without a repair', async () => {
    ai.model.script(answer(inBand));
    const res = await generate();
    expect(res.status).toBe(201);
    expect(res.body.content.generatedContent).toBe(inBand);
    expect(ai.model.requests).toHaveLength(1);
  });

  test.each([
    ['too long beside the longest hook', tooLong, 'The body was 1,560 characters; with these hooks it must be 1,259-1,481 characters'],
    ['too short for the shortest hook', tooShort, 'The body was 1,200 characters; with these hooks it must be 1,259-1,481 characters'],
  ])('when the body is %s, then one repair request names the band and the repaired post is stored', async (_case, body, problem) => {
    ai.model.script(answer(body), answer(inBand));

    const res = await generate();

    expect(res.status).toBe(201);
    expect(res.body.content.generatedContent).toBe(inBand);
    for (const length of postLengths(res.body.content)) expect(length).toBeGreaterThanOrEqual(1300);
    for (const length of postLengths(res.body.content)) expect(length).toBeLessThanOrEqual(1600);
    expect(ai.model.requests).toHaveLength(2);
    const repair = ai.model.requests[1].body.messages.at(-1)!.content;
    expect(repair).toContain(problem);
    expect(repair).toContain('each hook, a blank line and the body come to 1,300-1,600 characters');
    expect((await ai.stack.stored(res.body.content.id))?.generatedContent).toBe(inBand);
  });

  test('when the repair misses the band again, then the post closer to it is kept, with no third request and no error', async () => {
    ai.model.script(answer(farTooLong), answer(tooLong));
    const res = await generate();
    expect(res.status).toBe(201);
    expect(res.body.content.generatedContent).toBe(tooLong);
    expect(ai.model.requests).toHaveLength(2);
  });

  test('when the repair is unusable but the first post was only off the band, then the first post is kept', async () => {
    ai.model.script(answer(tooLong), { content: 'not json' });
    const res = await generate();
    expect(res.status).toBe(201);
    expect(res.body.content.generatedContent).toBe(tooLong);
    expect(ai.model.requests).toHaveLength(2);
  });
});
