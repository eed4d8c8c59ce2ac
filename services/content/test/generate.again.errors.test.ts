import { eventually, http } from '@postwright/platform/src/testing';
import { validPostFor } from '@postwright/platform/src/testing/fakes/openai';
import { buildGenerateRequest } from './support/builders';
import { modelStack } from './support/model-stack';
import { inAnHour, type TestUser } from './support/stack';

/** "Generate again" with a model: a failure leaves the draft as it was and costs nothing. */
describe('POST /api/content/generate with contentId when the generation fails', () => {
  const ai = modelStack();

  const again = (user: TestUser, contentId: string) =>
    http(ai.stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ contentId, topic: 'A second attempt' }) });

  test('when the model is unavailable, then 503, the draft keeps its text and no previous version, and the trial post is released', async () => {
    const { stack, model } = ai;
    const user = await stack.user();
    const draft = await stack.draft(user);
    model.reset();
    model.script({ status: 503 });

    const res = await again(user, draft.id);

    expect(res.status).toBe(503);
    expect(res.body.code).toBe('GENERATION.UNAVAILABLE');
    expect(await stack.stored(draft.id)).toMatchObject({ topic: draft.topic, generatedContent: draft.generatedContent, hooks: draft.hooks, previous: null });
    expect(await stack.trialPostsUsed(user)).toBe(1);
  });

  test('when the draft is scheduled while its new text is being written, then 409, the scheduled post keeps its text and the trial post is released', async () => {
    const { stack, model } = ai;
    const user = await stack.user();
    const draft = await stack.draft(user);
    model.reset();
    model.script({ delayMs: 1_500 });

    const pending = again(user, draft.id);
    await eventually(async () => model.requests.length, (n) => n === 1, 5_000, 10);
    expect((await stack.transition(draft.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() })).status).toBe(200);
    const res = await pending;

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONTENT.NOT_EDITABLE', details: { status: 'scheduled' } });
    expect(await stack.stored(draft.id)).toMatchObject({ status: 'scheduled', generatedContent: draft.generatedContent, previous: null });
    expect(await stack.trialPostsUsed(user)).toBe(1);
  });

  test('when the model answers, then its post replaces the draft\'s text in place', async () => {
    const { stack, model } = ai;
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user);
    model.reset();

    const res = await again(user, draft.id);

    expect(res.status).toBe(200);
    const expected = validPostFor(model.requests[0].body);
    expect(res.body.content).toMatchObject({ id: draft.id, topic: 'A second attempt', generatedContent: expected.body, hooks: expected.hooks, hasPreviousVersion: true });
    expect(await stack.stored(draft.id)).toMatchObject({ generatedContent: expected.body, previous: { generatedContent: draft.generatedContent } });
  });
});
