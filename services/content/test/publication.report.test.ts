import { inAnHour, publishedReport, type Stack, type TestUser } from './support/stack';
import { fileStack } from './support/file-stack';

/**
 * POST /internal/content/:id/publication: what came of publishing an item, as the LinkedIn service
 * (publish now) and the scheduler (a scheduled post given up) report it. The same function settles
 * the linkedin.post.* events (lifecycle.consumer.test.ts), so this is the one writer of publication.
 */
describe('POST /internal/content/:id/publication', () => {
  let stack: Stack;
  let user: TestUser;

  fileStack([], (started) => {
    ({ stack, user } = started);
  });

  const listed = async (id: string) => (await stack.list(user)).find((c) => c.id === id);
  const failed = (fields: { requestId?: string | null; reason?: string; retryable?: boolean; unconfirmed?: boolean } = {}) => ({
    outcome: 'failed',
    requestId: null,
    userId: user.id,
    reason: 'LinkedIn was unavailable, so the post was not published.',
    retryable: true,
    unconfirmed: false,
    ...fields,
  });
  const scheduledDraft = async () => {
    const item = await stack.draft(user);
    await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });
    return item;
  };

  test.each([['draft'], ['scheduled']] as const)('when a %s item is reported published, then the next list shows its post, url and time (read-your-writes)', async (from) => {
    const item = from === 'scheduled' ? await scheduledDraft() : await stack.draft(user);
    const report = publishedReport(user.id, `urn:li:share:${from}-7001`);

    const res = await stack.report(item.id, report);

    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ id: item.id, userId: user.id, status: 'published', linkedinPostId: report.linkedinPostId });
    expect(await listed(item.id)).toMatchObject({
      status: 'published',
      linkedinPostId: report.linkedinPostId,
      linkedinPostUrl: report.url,
      publishedAt: report.publishedAt,
      lastPublishError: null,
      publishUnconfirmed: false,
    });
  });

  test('when the same report comes twice (a retry), then both answer 200 and the second writes nothing', async () => {
    const item = await stack.draft(user);
    const report = publishedReport(user.id, 'urn:li:share:42');
    const first = await stack.report(item.id, report);
    const second = await stack.report(item.id, report);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.content.updatedAt).toBe(first.body.content.updatedAt);
    expect((await stack.stored(item.id))?.updatedAt.toISOString()).toBe(first.body.content.updatedAt);
  });

  test('when five reports of different posts race for one draft, then the first stored stays the item\'s post and every answer shows it', async () => {
    const item = await stack.draft(user);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => stack.report(item.id, publishedReport(user.id, `urn:li:share:race-${i}`))));
    const stored = (await listed(item.id))?.linkedinPostId;
    expect(stored).toMatch(/^urn:li:share:race-\d$/);
    expect(results.map((r) => [r.status, r.body.content.linkedinPostId])).toEqual(results.map(() => [200, stored]));
  });

  test('when a failure to be retried is reported for a scheduled item, then it stays scheduled with the reason on its card', async () => {
    const item = await scheduledDraft();
    const res = await stack.report(item.id, failed({ requestId: 'req-1', retryable: true }));
    expect(res.status).toBe(200);
    expect(await listed(item.id)).toMatchObject({ status: 'scheduled', lastPublishError: 'LinkedIn was unavailable, so the post was not published.' });
  });

  test('when a scheduled publish is given up, then the item is a draft again, unscheduled, with the reason', async () => {
    const item = await scheduledDraft();
    await stack.report(item.id, failed({ requestId: 'req-2', retryable: false, reason: 'Please reconnect your LinkedIn account.' }));
    expect(await listed(item.id)).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: 'Please reconnect your LinkedIn account.', publishUnconfirmed: false });
  });

  test('when LinkedIn may hold the post (unconfirmed), then the item is a draft, unscheduled, flagged, so it is never sent again on its own', async () => {
    const item = await scheduledDraft();
    await stack.report(item.id, failed({ requestId: null, retryable: false, unconfirmed: true, reason: 'LinkedIn did not confirm the post.' }));
    expect(await listed(item.id)).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: 'LinkedIn did not confirm the post.', publishUnconfirmed: true });
  });

  test('when a publish-now failure is reported for a scheduled item, then its schedule stands', async () => {
    const item = await scheduledDraft();
    await stack.report(item.id, failed({ requestId: null, retryable: false }));
    expect(await listed(item.id)).toMatchObject({ status: 'scheduled', lastPublishError: 'LinkedIn was unavailable, so the post was not published.' });
  });

  test('when a failure is reported for a published item, then nothing changes: published is final', async () => {
    const item = await stack.draft(user);
    await stack.report(item.id, publishedReport(user.id, 'urn:li:share:final'));
    const res = await stack.report(item.id, failed({ requestId: 'late', retryable: false, unconfirmed: true }));
    expect(res.status).toBe(200);
    expect(await listed(item.id)).toMatchObject({ status: 'published', lastPublishError: null, publishUnconfirmed: false });
  });

  test.each([
    [{ outcome: 'published' }],
    [{ outcome: 'sent', requestId: null }],
    [{ outcome: 'failed', requestId: null, reason: 'x', retryable: 'yes', unconfirmed: false }],
  ])('when the report is %p, then 400 with error text and the item is unchanged', async (body) => {
    const item = await stack.draft(user);
    const res = await stack.report(item.id, { userId: user.id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await listed(item.id)).toMatchObject({ status: 'draft', lastPublishError: null });
  });
});
