import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventType } from '@postwright/contracts';
import { createLogger, Messaging } from '@postwright/platform';
import { cleanupNamespace, eventually, http, randomId, TEST_INTERNAL_TOKEN, testNamespace } from '@postwright/platform/src/testing';
import { signupUser, startAuth, TestClock, type RunningAuth } from './support/harness';

const DAY = 24 * 3600 * 1000;

describe('events: user.* published, linkedin.* consumed (real RabbitMQ)', () => {
  const ns = testNamespace();
  const clock = new TestClock();
  let auth: RunningAuth;
  let observer: Messaging;
  const seen: EventEnvelope[] = [];

  beforeAll(async () => {
    auth = await startAuth(ns, { SWEEP_INTERVAL_MS: '3600000' }, { clock });
    // a test consumer in the same namespace, as another service would be
    observer = await Messaging.connect({ url: process.env.AMQP_URL!, namespace: ns, service: 'observer', logger: createLogger('observer', 'silent') });
    await observer.consume('user-events', ['user.registered', 'user.updated', 'user.tier.changed'], async (event) => {
      seen.push(event);
    });
  });
  afterAll(async () => {
    await observer?.close();
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const eventsFor = <T extends EventType>(type: T, userId: string) =>
    seen.filter((e): e is EventEnvelope<T> => e.type === type && (e.payload as { userId: string }).userId === userId);
  const waitFor = <T extends EventType>(type: T, userId: string, count = 1) =>
    eventually(async () => eventsFor(type, userId), (list) => list.length >= count);
  const profile = async (token: string) => (await http(auth.url, 'GET', '/api/users/profile', { token })).body.user;

  test('when a user signs up, then user.registered carries the new user and the request id', async () => {
    const res = await http(auth.url, 'POST', '/api/auth/signup', {
      body: { email: `ev-${randomId()}@example.com`, password: 'correct horse battery', firstName: 'Mary', lastName: 'Somerville' },
    });
    const [event] = await waitFor('user.registered', res.body.user.id);
    expect(event.payload).toEqual({ userId: res.body.user.id, email: res.body.user.email, firstName: 'Mary', lastName: 'Somerville' });
    expect(event.correlationId).toBe(res.headers.get('x-request-id'));
  });

  test('when the profile changes, then user.updated names the changed fields; an unchanged save emits nothing', async () => {
    const { user, tokens } = await signupUser(auth.url);
    await http(auth.url, 'PUT', '/api/users/profile', { token: tokens.accessToken, body: { bio: 'New bio', company: 'Acme', firstName: 'Ada' } });
    const [event] = await waitFor('user.updated', user.id);
    expect(event.payload).toEqual({ userId: user.id, fields: ['company', 'bio'] });
    // unchanged, then changed: events keep order, so an event from the first would come before the second's
    await http(auth.url, 'PUT', '/api/users/profile', { token: tokens.accessToken, body: { bio: 'New bio', company: 'Acme' } });
    await http(auth.url, 'PUT', '/api/users/profile', { token: tokens.accessToken, body: { industry: 'Retail' } });
    const all = await waitFor('user.updated', user.id, 2);
    expect(all.map((e) => e.payload.fields)).toEqual([['company', 'bio'], ['industry']]);
  });

  test('when an admin grants beta and it later runs out, then user.tier.changed is published both times', async () => {
    const { user, tokens } = await signupUser(auth.url);
    await auth.modules.admin.setTier(user.id, { tier: 'beta', betaDays: 2 });
    const [granted] = await waitFor('user.tier.changed', user.id);
    expect(granted.payload).toEqual({ userId: user.id, tier: 'beta', betaExpiresAt: expect.any(String) });
    clock.advance(2 * DAY + 1000);
    expect(await profile(tokens.accessToken)).toMatchObject({ subscriptionTier: 'trial', betaExpiresAt: null });
    const [, ended] = await waitFor('user.tier.changed', user.id, 2);
    expect(ended.payload).toEqual({ userId: user.id, tier: 'trial', betaExpiresAt: null });
    // and the quota applies again
    const reserve = await http(auth.url, 'POST', '/internal/quota/reserve', { body: { userId: user.id }, headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
    expect(reserve.body).toMatchObject({ unlimited: false, trialPostsRemaining: 2 });
  });

  test('when LinkedIn is connected, refreshed and disconnected, then linkedinConnected and profilePicture follow', async () => {
    const { user, tokens } = await signupUser(auth.url);
    await observer.publish('linkedin.connected', { userId: user.id, memberUrn: 'urn:li:person:abc', firstName: 'Ada', lastName: 'L', profilePicture: 'https://media.example.com/a.jpg' });
    await eventually(() => profile(tokens.accessToken), (u) => u.linkedinConnected === true);
    expect(await profile(tokens.accessToken)).toMatchObject({ linkedinConnected: true, profilePicture: 'https://media.example.com/a.jpg' });
    const [updated] = await waitFor('user.updated', user.id);
    expect(updated.payload.fields.sort()).toEqual(['linkedinConnected', 'profilePicture']);

    await observer.publish('linkedin.profile.updated', { userId: user.id, firstName: 'Ada', lastName: 'L', headline: 'CEO', profilePicture: 'https://media.example.com/b.jpg' });
    await eventually(() => profile(tokens.accessToken), (u) => u.profilePicture === 'https://media.example.com/b.jpg');
    // a refresh that found no picture keeps the one we have
    await observer.publish('linkedin.profile.updated', { userId: user.id, firstName: 'Ada', lastName: 'L', headline: 'CEO', profilePicture: null });
    await observer.publish('linkedin.disconnected', { userId: user.id });
    await eventually(() => profile(tokens.accessToken), (u) => u.linkedinConnected === false);
    expect(await profile(tokens.accessToken)).toMatchObject({ linkedinConnected: false, profilePicture: null });
  });

  test('when a LinkedIn event names an unknown user, then it is skipped and later events still apply', async () => {
    await observer.publish('linkedin.disconnected', { userId: randomId() });
    await observer.publish('linkedin.connected', { userId: 'not-an-id', memberUrn: 'urn:li:person:x', firstName: null, lastName: null, profilePicture: null });
    const { tokens, user } = await signupUser(auth.url);
    await observer.publish('linkedin.connected', { userId: user.id, memberUrn: 'urn:li:person:y', firstName: null, lastName: null, profilePicture: null });
    await eventually(() => profile(tokens.accessToken), (u) => u.linkedinConnected === true);
  });

  test('when an older LinkedIn event arrives after a newer one (redelivery), then it does not overwrite it', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const envelope = <T extends 'linkedin.connected' | 'linkedin.disconnected'>(type: T, payload: EventEnvelope<T>['payload'], occurredAt: string) =>
      ({ id: randomUUID(), type, version: 1, occurredAt, correlationId: randomUUID(), payload }) as EventEnvelope<T>;
    await auth.modules.linkedinSync.apply(envelope('linkedin.disconnected', { userId: user.id }, at(0)));
    await auth.modules.linkedinSync.apply(
      envelope('linkedin.connected', { userId: user.id, memberUrn: 'urn:li:person:z', firstName: null, lastName: null, profilePicture: 'https://x.example/p.jpg' }, at(-60_000)),
    );
    expect(await profile(tokens.accessToken)).toMatchObject({ linkedinConnected: false, profilePicture: null });
  });
});
