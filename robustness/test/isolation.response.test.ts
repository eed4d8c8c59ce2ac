/**
 * Cross-user isolation, through the real gateway in front of the real services: user B,
 * signed in with a valid token of their own, aims every resource call at user A's ids.
 * B reads none of A's data (no id, no text in any answer) and changes nothing of A's.
 */
import type { ContentItem, User } from '@postwright/contracts';
import { randomId, type JsonResponse } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';

let stack: Stack;
let a: TestUser;
let b: TestUser;
let draft: ContentItem;
let scheduled: ContentItem;
let published: ContentItem;
let aProfile: User;

/** everything of A's that must never show up in an answer to B */
function secretsOfA(): string[] {
  return [a.id, a.email, draft.id, scheduled.id, published.id, draft.finalContent!, scheduled.finalContent!, published.linkedinPostId!].filter(Boolean);
}

function expectNothingOfA(res: JsonResponse) {
  const text = JSON.stringify(res.body);
  for (const secret of secretsOfA()) expect(text).not.toContain(secret);
}

function expectRefused(res: JsonResponse) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(typeof res.body.error).toBe('string');
  expectNothingOfA(res);
}

async function snapshotOfA(): Promise<ContentItem[]> {
  return (await stack.list(a)).sort((x, y) => x.id.localeCompare(y.id));
}

beforeAll(async () => {
  stack = await startStack();
  a = await stack.user({ tier: 'premium', connect: true });
  b = await stack.user({ tier: 'premium', connect: true });
  aProfile = await stack.profile(a);
  draft = await stack.draft(a);
  scheduled = await stack.draft(a);
  const at = new Date(Date.now() + 3 * 3_600_000).toISOString();
  const s = await stack.call('POST', '/api/calendar/schedule', { token: a.token, body: { contentId: scheduled.id, scheduledFor: at } });
  if (s.status >= 300) throw new Error(`schedule: ${s.status} ${JSON.stringify(s.body)}`);
  scheduled = (await stack.list(a)).find((c) => c.id === scheduled.id)!;
  const toPublish = await stack.draft(a);
  const p = await stack.call('POST', '/api/linkedin/post', { token: a.token, body: { contentId: toPublish.id } });
  if (p.status !== 200) throw new Error(`publish: ${p.status} ${JSON.stringify(p.body)}`);
  published = p.body.content;
  // B has an item of their own, so B's lists are not empty by accident
  await stack.draft(b);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('content', () => {
  test('when B lists content, then none of A items or texts is in the answer', async () => {
    const res = await stack.call('GET', '/api/content', { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body.content).toHaveLength(1);
    expectNothingOfA(res);
    const paged = await stack.call('GET', '/api/content?page=1&limit=200', { token: b.token });
    expectNothingOfA(paged);
  });

  test.each([
    ['draft', () => draft],
    ['scheduled', () => scheduled],
    ['published', () => published],
  ])('when B edits A %s item, then it is refused and the item is unchanged', async (_kind, item) => {
    const before = await snapshotOfA();
    const res = await stack.call('PUT', `/api/content/${item().id}/edit`, { token: b.token, body: { editedContent: 'Taken over by B.', saveAsDraft: true } });
    expectRefused(res);
    expect(await snapshotOfA()).toEqual(before);
  });

  test.each([
    ['draft', () => draft],
    ['scheduled', () => scheduled],
    ['published', () => published],
  ])('when B deletes A %s item, then it is refused and the item is still there', async (_kind, item) => {
    const before = await snapshotOfA();
    const res = await stack.call('DELETE', `/api/content/${item().id}`, { token: b.token });
    expectRefused(res);
    expect(await snapshotOfA()).toEqual(before);
  });

  test('when B refers to A item and to an id that does not exist, then both answers look the same (no existence oracle)', async () => {
    const theirs = await stack.call('PUT', `/api/content/${draft.id}/edit`, { token: b.token, body: { editedContent: 'x', saveAsDraft: true } });
    const none = await stack.call('PUT', `/api/content/${randomId()}/edit`, { token: b.token, body: { editedContent: 'x', saveAsDraft: true } });
    expect(theirs.status).toBe(none.status);
    expect(theirs.body.error).toBe(none.body.error);
  });
});

describe('calendar', () => {
  test('when B schedules A draft, then it is refused and the draft stays a draft', async () => {
    const before = await snapshotOfA();
    const at = new Date(Date.now() + 2 * 3_600_000).toISOString();
    expectRefused(await stack.call('POST', '/api/calendar/schedule', { token: b.token, body: { contentId: draft.id, scheduledFor: at } }));
    // rescheduling A's scheduled item is refused as well
    expectRefused(await stack.call('POST', '/api/calendar/schedule', { token: b.token, body: { contentId: scheduled.id, scheduledFor: at } }));
    expect(await snapshotOfA()).toEqual(before);
  });

  test('when B unschedules A scheduled item, then it is refused and the item stays scheduled', async () => {
    const before = await snapshotOfA();
    expectRefused(await stack.call('DELETE', `/api/calendar/unschedule/${scheduled.id}`, { token: b.token }));
    expect(await snapshotOfA()).toEqual(before);
    expect((await stack.list(a)).find((c) => c.id === scheduled.id)?.status).toBe('scheduled');
  });
});

describe('linkedin', () => {
  test('when B publishes A draft (with or without a text of their own), then it is refused and nothing reaches LinkedIn', async () => {
    const before = await snapshotOfA();
    const posts = (await stack.sandboxPosts()).length;
    expectRefused(await stack.call('POST', '/api/linkedin/post', { token: b.token, body: { contentId: draft.id } }));
    expectRefused(await stack.call('POST', '/api/linkedin/post', { token: b.token, body: { contentId: draft.id, text: 'B posts A item.', visibility: 'PUBLIC' } }));
    expectRefused(await stack.call('POST', '/api/linkedin/post', { token: b.token, body: { contentId: scheduled.id, text: 'B posts A item.' } }));
    expect((await stack.sandboxPosts()).length).toBe(posts);
    expect(await snapshotOfA()).toEqual(before);
  });

  test('when B lists LinkedIn posts and reads the connection, then none of A posts or profile is in the answers', async () => {
    const list = await stack.call('GET', '/api/linkedin/posts?page=1&limit=100', { token: b.token });
    expect(list.status).toBe(200);
    expect(list.body.posts).toEqual([]);
    expectNothingOfA(list);
    const profile = await stack.call('GET', '/api/linkedin/profile', { token: b.token });
    expect(profile.status).toBe(200);
    expectNothingOfA(profile);
    const aConnection = await stack.call('GET', '/api/linkedin/profile', { token: a.token });
    expect(profile.body.profile).not.toEqual(aConnection.body.profile);
  });

  test('when B completes the LinkedIn connection with A code and state, then it is refused and both stay connected as before', async () => {
    const aBefore = await stack.call('GET', '/api/linkedin/profile', { token: a.token });
    const bBefore = await stack.call('GET', '/api/linkedin/profile', { token: b.token });
    const begin = await stack.call('GET', '/api/linkedin/auth-url', { token: a.token });
    expect(begin.status).toBe(200);
    const res = await stack.call('POST', '/api/linkedin/callback', { token: b.token, body: { code: 'stolen-code', state: begin.body.state } });
    expectRefused(res);
    expect((await stack.call('GET', '/api/linkedin/profile', { token: a.token })).body).toEqual(aBefore.body);
    expect((await stack.call('GET', '/api/linkedin/profile', { token: b.token })).body).toEqual(bBefore.body);
  });

  test('when B disconnects LinkedIn, then only B is disconnected: A stays connected', async () => {
    const res = await stack.call('DELETE', '/api/linkedin/disconnect', { token: b.token });
    expect(res.status).toBe(200);
    const aStatus = await stack.call('GET', '/api/linkedin/profile', { token: a.token });
    expect(aStatus.status).toBe(200);
    expect(aStatus.body.connected).toBe(true);
  });
});

describe('profile', () => {
  test('when B reads the profile, then it is B own', async () => {
    const res = await stack.call('GET', '/api/users/profile', { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(b.id);
    expectNothingOfA(res);
  });

  test('when B updates the profile with A id and email in the body or the query, then only B changes and A is untouched', async () => {
    const res = await stack.call('PUT', `/api/users/profile?id=${a.id}&userId=${a.id}`, {
      token: b.token,
      body: { id: a.id, _id: a.id, userId: a.id, firstName: 'Mallory', company: 'B Corp' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: b.id, firstName: 'Mallory', company: 'B Corp' });
    expect(await stack.profile(a)).toEqual(aProfile);
    // taking A's email is refused
    const email = await stack.call('PUT', '/api/users/profile', { token: b.token, body: { email: a.email } });
    expectRefused(email);
    expect((await stack.profile(b)).email).toBe(b.email);
    expect(await stack.profile(a)).toEqual(aProfile);
  });
});

describe('billing', () => {
  test('when A subscribes and B reads the subscription, opens the portal and checks out with A\'s id in the body, then B gets only their own and A stays subscribed', async () => {
    const subscriber = await stack.user({ tier: 'trial' });
    const other = await stack.user({ tier: 'trial' });
    await stack.subscribe(subscriber, 'professional', 'year');
    const aCustomer = (await stack.billing.modules.stores.customers.byUser(subscriber.id))!.customerId;

    const read = await stack.call('GET', `/api/billing/subscription?userId=${subscriber.id}`, { token: other.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ plan: null, status: 'none' });
    expect(JSON.stringify(read.body)).not.toContain(aCustomer);

    const portal = await stack.call('POST', '/api/billing/portal', { token: other.token, body: { customer: aCustomer, userId: subscriber.id } });
    expect(portal.status).toBe(409);
    expect(portal.body).toMatchObject({ code: 'BILLING.NO_CUSTOMER' });

    // A's verified address does not count for B
    const unverified = await stack.call('POST', '/api/billing/checkout', { token: other.token, body: { plan: 'starter', interval: 'month', userId: subscriber.id } });
    expect(unverified.status).toBe(403);
    await stack.verifyEmail(other);
    const checkout = await stack.call('POST', '/api/billing/checkout', { token: other.token, body: { plan: 'starter', interval: 'month', userId: subscriber.id, customer: aCustomer } });
    expect(checkout.status).toBe(200);
    expect((await stack.billing.modules.stores.customers.byUser(other.id))!.customerId).not.toBe(aCustomer);
    expect(await stack.profile(subscriber)).toMatchObject({ subscriptionTier: 'professional', subscriptionStatus: 'active' });
  });
});
