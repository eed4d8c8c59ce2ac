/**
 * Bad input, through the real gateway in front of the real services: for every public call,
 * at least 200 malformed requests generated from the contracts' zod
 * schemas. Never a 5xx, every 4xx carries `error`, and nothing is stored.
 */
import {
  callbackRequestSchema,
  checkoutRequestSchema,
  editRequestSchema,
  generateRequestSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  publishRequestSchema,
  refreshRequestSchema,
  scheduleRequestSchema,
  signupRequestSchema,
  type ContentItem,
} from '@postwright/contracts';
import { issueTestToken, randomId } from '@postwright/platform/src/testing';
import { z } from 'zod';
import { startStack, type Stack, type TestUser } from './support/stack';
import { BAD_IDS, badAuthorizations, encode, badBodies, badPayloads, rng, UNICODE_STRINGS, type BadRequest, type Rng } from './support/malformed';

const PER_ENDPOINT = 200;
const CONCURRENCY = 8;

interface Outcome {
  req: BadRequest;
  status: number;
  body: unknown;
}

let stack: Stack;
let alice: TestUser; // premium, LinkedIn connected, owns the items the requests aim at
let trial: TestUser; // trial tier: generation must not use up a post
let draft: ContentItem;
let scheduled: ContentItem;

beforeAll(async () => {
  stack = await startStack();
  alice = await stack.user({ tier: 'premium', connect: true });
  trial = await stack.user({ tier: 'trial' });
  draft = await stack.draft(alice);
  scheduled = await stack.draft(alice);
  const at = new Date(Date.now() + 3 * 3_600_000).toISOString();
  const res = await stack.call('POST', '/api/calendar/schedule', { token: alice.token, body: { contentId: scheduled.id, scheduledFor: at } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`schedule: ${res.status} ${JSON.stringify(res.body)}`);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

async function send(method: string, path: string, req: BadRequest, token: string | null): Promise<Outcome> {
  const headers: Record<string, string> = {};
  const authorization = req.authorization === undefined ? (token ? `Bearer ${token}` : null) : req.authorization;
  if (authorization !== null) headers.authorization = authorization;
  Object.assign(headers, req.headers);
  let body: string | Buffer | undefined;
  if (req.raw !== undefined) {
    body = req.raw;
    headers['content-type'] = req.contentType ?? 'application/json';
  } else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  if (method === 'GET' || method === 'HEAD') body = undefined;
  const url = new URL(req.path ?? path, stack.gateway.url);
  try {
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* keep the text */
    }
    return { req, status: res.status, body: parsed };
  } catch (error) {
    return { req, status: 599, body: `transport: ${(error as Error).message}` };
  }
}

async function sendAll(method: string, path: string, reqs: BadRequest[], token: string | null): Promise<Outcome[]> {
  const out: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < reqs.length) {
        const req = reqs[next++];
        out.push(await send(method, path, req, token));
      }
    }),
  );
  return out;
}

/** what went wrong with the answers: 5xx, a 4xx without `error`, or a success for a request that must fail */
function problems(outcomes: Outcome[], mustFail: (o: Outcome) => boolean = () => true): string[] {
  const found: string[] = [];
  for (const o of outcomes) {
    const error = o.body && typeof o.body === 'object' ? (o.body as { error?: unknown }).error : undefined;
    if (o.status >= 500) found.push(`${o.status} for ${o.req.label}: ${JSON.stringify(o.body).slice(0, 200)}`);
    else if (o.status >= 400 && (typeof error !== 'string' || !error)) found.push(`${o.status} without error for ${o.req.label}: ${JSON.stringify(o.body).slice(0, 200)}`);
    else if (o.status < 400 && mustFail(o)) found.push(`${o.status} (accepted) for ${o.req.label}`);
  }
  return found;
}

/** bodies from the schema, raw payloads, mangled tokens; at least PER_ENDPOINT in all */
function bodyRequests(
  r: Rng,
  schema: z.ZodObject,
  valid: Record<string, unknown>,
  token: string,
  invalid?: (body: Record<string, unknown>) => boolean,
): BadRequest[] {
  const payloads = badPayloads(valid).filter((p) => p.label !== 'no body' || !schema.safeParse({}).success);
  const tokens = badAuthorizations(token, r).map((authorization, i) => ({ label: `bad authorization #${i}`, body: valid, authorization }));
  const bodies = badBodies(schema, valid, r, Math.max(PER_ENDPOINT - payloads.length - tokens.length, 150), invalid);
  return [...bodies, ...payloads, ...tokens];
}

/** for calls without a body: mangled tokens (many), junk queries and bodies without a valid token */
function tokenRequests(r: Rng, token: string, path: string): BadRequest[] {
  const reqs: BadRequest[] = [];
  while (reqs.length < PER_ENDPOINT) {
    for (const authorization of badAuthorizations(token, r)) {
      const junkQuery = `${path}?${encode(r.pick(['page', 'limit', 'x', '__proto__', 'userId']))}=${encode(r.pick([...UNICODE_STRINGS, '-1', '1e400', '[]']))}`;
      reqs.push({ label: `bad authorization #${reqs.length}`, authorization, path: r.next() < 0.5 ? junkQuery : path, body: r.next() < 0.5 ? { junk: r.pick(UNICODE_STRINGS) } : undefined });
    }
  }
  return reqs;
}

function idRequests(r: Rng, template: (id: string) => string, valid?: Record<string, unknown>): BadRequest[] {
  const reqs: BadRequest[] = BAD_IDS.map((id) => ({ label: `id ${id.slice(0, 20)}`, path: template(id), body: valid }));
  for (let i = 0; reqs.length < 60; i++) reqs.push({ label: `random id #${i}`, path: template(randomId()), body: valid });
  for (let i = 0; i < 10; i++) reqs.push({ label: `unicode id #${i}`, path: template(encode(r.pick(UNICODE_STRINGS))), body: valid });
  return reqs;
}

function expectClean(outcomes: Outcome[], mustFail?: (o: Outcome) => boolean) {
  expect(outcomes.length).toBeGreaterThanOrEqual(PER_ENDPOINT);
  expect(problems(outcomes, mustFail)).toEqual([]);
}

async function countUsers(): Promise<number> {
  return stack.auth.ctx.mongo.collection('users').countDocuments();
}

const strongPassword = 'correct horse battery';

describe('auth calls', () => {
  test('when 200+ malformed signups arrive, then each gets a 4xx with an error and no account is created', async () => {
    const before = await countUsers();
    const r = rng(101);
    const valid = { email: `new-${randomId()}@example.com`, password: strongPassword, firstName: 'Ada', lastName: 'Byron' };
    const reqs = bodyRequests(r, signupRequestSchema, valid, alice.token).filter((q) => !q.label.startsWith('bad authorization'));
    // signup is public: mangled tokens mean nothing, so more bodies instead
    reqs.push(...badBodies(signupRequestSchema, valid, rng(102), PER_ENDPOINT - reqs.length + 20));
    expectClean(await sendAll('POST', '/api/auth/signup', reqs, null));
    expect(await countUsers()).toBe(before);
  });

  test('when 200+ malformed logins arrive, then each gets a 4xx with an error and the account still signs in', async () => {
    const r = rng(103);
    const valid = { email: alice.email, password: strongPassword };
    const reqs = bodyRequests(r, loginRequestSchema, valid, alice.token).filter((q) => !q.label.startsWith('bad authorization'));
    reqs.push(...badBodies(loginRequestSchema, valid, rng(104), PER_ENDPOINT - reqs.length + 20));
    expectClean(await sendAll('POST', '/api/auth/login', reqs, null));
    const ok = await stack.call('POST', '/api/auth/login', { body: valid });
    expect(ok.status).toBe(200);
  });

  test('when 200+ malformed refreshes arrive, then each gets a 4xx with an error and the real refresh token still works', async () => {
    const r = rng(105);
    const valid = { refreshToken: alice.refreshToken };
    const reqs = bodyRequests(r, refreshRequestSchema, valid, alice.token).filter((q) => !q.label.startsWith('bad authorization'));
    const mangled = Array.from({ length: 80 }, (_, i) => ({ label: `mangled refresh token #${i}`, body: { refreshToken: alice.refreshToken.slice(0, Math.max(1, r.int(alice.refreshToken.length))) + r.pick(['', 'x', '\u0000', '%']) } }));
    reqs.push(...mangled);
    reqs.push(...badBodies(refreshRequestSchema, valid, rng(106), Math.max(0, PER_ENDPOINT - reqs.length + 10)));
    // the valid body under a wrong content type, or as form fields, is not a refresh either
    expectClean(await sendAll('POST', '/api/auth/refresh', reqs, null));
    const ok = await stack.call('POST', '/api/auth/refresh', { body: valid });
    expect(ok.status).toBe(200);
    alice.refreshToken = ok.body.refreshToken;
    alice.token = ok.body.accessToken;
  });

  test('when 200+ malformed logouts arrive, then none answers 5xx or a 4xx without error, and the session survives', async () => {
    const r = rng(107);
    const reqs: BadRequest[] = [...badPayloads({ refreshToken: 'x' })];
    while (reqs.length < PER_ENDPOINT) {
      const junk = r.pick([0, true, null, [], {}, { $ne: null }, 'x'.repeat(50_000), r.pick(UNICODE_STRINGS), alice.refreshToken.slice(0, 10)]);
      reqs.push({ label: `refreshToken=${typeof junk}`, body: { refreshToken: junk, extra: r.pick(UNICODE_STRINGS) }, authorization: null });
    }
    // logout answers success whatever the client holds: only the shape of failures matters
    expectClean(await sendAll('POST', '/api/auth/logout', reqs, null), () => false);
    const ok = await stack.call('POST', '/api/auth/refresh', { body: { refreshToken: alice.refreshToken } });
    expect(ok.status).toBe(200);
    alice.refreshToken = ok.body.refreshToken;
    alice.token = ok.body.accessToken;
  });
});

describe('users calls', () => {
  test('when 200+ malformed profile reads arrive, then each gets a 401 with an error', async () => {
    const reqs = tokenRequests(rng(201), alice.token, '/api/users/profile');
    expectClean(await sendAll('GET', '/api/users/profile', reqs, null));
  });

  test('when 200+ malformed profile updates arrive, then each gets a 4xx with an error and the profile is unchanged', async () => {
    const before = await stack.profile(alice);
    const r = rng(202);
    const valid = { firstName: 'Dana', lastName: 'Reyes', company: 'Acme', role: 'CTO', industry: 'Software', linkedinUrl: 'https://www.linkedin.com/in/dana', bio: 'Builds teams.' };
    // the contract leaves lengths and URL rules to the service; those are bad input too
    const invalid = (b: Record<string, unknown>) =>
      Object.values(b).some((v) => typeof v === 'string' && (v.length > 5000 || v.includes('\u0000'))) || (typeof b.email === 'string' && b.email !== alice.email);
    const reqs = bodyRequests(r, profileUpdateRequestSchema, valid, alice.token, invalid).filter((q) => !/^(non-object JSON (null|\[\]|\[\{\}\]))$/.test(q.label));
    const outcomes = await sendAll('PUT', '/api/users/profile', reqs, alice.token);
    // a valid body sent as text, form fields, an empty body or an object of unknown fields changes nothing:
    // every field is optional, so accepting it as a no-op is fine
    expectClean(outcomes, (o) => !/^(content type|form-encoded|no body|non-object JSON)/.test(o.req.label) && !isObjectOfUnknownFields(o.req.raw));
    expect(await stack.profile(alice)).toEqual(before);
  });
});

describe('content calls', () => {
  const validGenerate = {
    contentType: 'story',
    topic: 'Hiring senior engineers',
    industryRole: 'VP of Engineering',
    personalExperience: 'We rebuilt our hiring loop around work samples.',
    targetAudience: 'Engineering leaders',
    businessGoal: 'Hire',
  };

  test('when 200+ malformed generation requests arrive, then each gets a 4xx with an error, nothing is stored and no trial post is used', async () => {
    const before = await stack.list(trial);
    const profileBefore = await stack.profile(trial);
    const reqs = bodyRequests(rng(301), generateRequestSchema, validGenerate, trial.token);
    expectClean(await sendAll('POST', '/api/content/generate', reqs, trial.token));
    expect(await stack.list(trial)).toEqual(before);
    expect((await stack.profile(trial)).trialPostsUsed).toBe(profileBefore.trialPostsUsed);
  });

  test('when 200+ malformed list requests arrive, then none answers 5xx and mangled tokens get a 401 with an error', async () => {
    const r = rng(302);
    const reqs: BadRequest[] = tokenRequests(r, alice.token, '/api/content').slice(0, 120);
    const junk = ['-1', '0', '1.5', 'abc', '1e400', '999999999999999999999', '%00', '[]', '{}', ...UNICODE_STRINGS.map(encode)];
    while (reqs.length < PER_ENDPOINT + 20) {
      reqs.push({ label: `query #${reqs.length}`, path: `/api/content?${r.pick(['page', 'limit', 'page[$gt]', 'limit[]'])}=${r.pick(junk)}&${r.pick(['page', 'limit', 'sort', 'userId'])}=${r.pick(junk)}` });
    }
    const outcomes = await sendAll('GET', '/api/content', reqs, alice.token);
    // a junk query with a valid token may be answered with the user's own list (unknown params ignored)
    expectClean(outcomes, (o) => o.req.label.startsWith('bad authorization'));
    for (const o of outcomes.filter((x) => x.status === 200)) {
      for (const item of (o.body as { content: ContentItem[] }).content) expect([draft.id, scheduled.id]).toContain(item.id);
    }
  });

  test('when 200+ malformed edits arrive, then each gets a 4xx with an error and the item is unchanged', async () => {
    const before = (await stack.list(alice)).find((c) => c.id === draft.id)!;
    const r = rng(303);
    const valid = { editedContent: 'A new text that must never be saved.', saveAsDraft: true };
    const path = `/api/content/${draft.id}/edit`;
    const reqs = [...bodyRequests(r, editRequestSchema, valid, alice.token), ...idRequests(r, (id) => `/api/content/${id}/edit`, valid)];
    expectClean(await sendAll('PUT', path, reqs, alice.token));
    expect((await stack.list(alice)).find((c) => c.id === draft.id)).toEqual(before);
  });

  test('when 200+ malformed insights requests arrive, then a junk range or zone gets a 400 with an error and a valid one only the member\'s own figures', async () => {
    const r = rng(305);
    const reqs: BadRequest[] = tokenRequests(r, alice.token, '/api/insights').slice(0, 100);
    const junk = ['', '7d', '90', 'ALL', '-1', '1e400', '%00', '[]', 'Mars/Olympus', 'Europe%2FParis%00', 'UTC'.repeat(40), ...UNICODE_STRINGS.map(encode)];
    while (reqs.length < PER_ENDPOINT + 20) {
      reqs.push({ label: `query #${reqs.length}`, path: `/api/insights?${r.pick(['range', 'tz', 'range[]', 'tz[$ne]', 'userId'])}=${r.pick(junk)}&${r.pick(['range', 'tz'])}=${r.pick(junk)}` });
    }
    const outcomes = await sendAll('GET', '/api/insights', reqs, alice.token);
    // junk in parameters the route does not read may be answered with the member's own insights
    expectClean(outcomes, (o) => o.req.label.startsWith('bad authorization'));
    for (const o of outcomes.filter((x) => x.status === 200)) expect((o.body as { posts: number }).posts).toBe(0);
  });

  test('when 200+ malformed deletes arrive, then each gets a 4xx with an error and no item is removed', async () => {
    const before = await stack.list(alice);
    const r = rng(304);
    const reqs = [...idRequests(r, (id) => `/api/content/${id}`), ...tokenRequests(r, alice.token, `/api/content/${draft.id}`)];
    expectClean(await sendAll('DELETE', `/api/content/${draft.id}`, reqs, alice.token));
    expect(await stack.list(alice)).toEqual(before);
  });
});

describe('calendar calls', () => {
  test('when 200+ malformed schedule requests arrive, then each gets a 4xx with an error and the draft stays a draft', async () => {
    const before = await stack.list(alice);
    const r = rng(401);
    const valid = { contentId: draft.id, scheduledFor: new Date(Date.now() + 2 * 3_600_000).toISOString() };
    const badTimes = ['', 'tomorrow', '2020-01-01T00:00:00Z', new Date(Date.now() + 60_000).toISOString(), '2026-13-45T25:61:00Z', '9999-99-99', '0', '-1', 'NaN', 'Invalid Date', '2026-11-21T10:00', '+275760-09-13T00:00:00.000Z', ...UNICODE_STRINGS];
    // the contract leaves the time's format and lead to the service: a bad time is bad input
    const invalid = (b: Record<string, unknown>) => badTimes.includes(b.scheduledFor as string) || b.contentId !== draft.id;
    const reqs = bodyRequests(r, scheduleRequestSchema, valid, alice.token, invalid);
    for (const t of badTimes) reqs.push({ label: `scheduledFor ${JSON.stringify(t).slice(0, 30)}`, body: { ...valid, scheduledFor: t } });
    for (const id of BAD_IDS) reqs.push({ label: `contentId ${id.slice(0, 20)}`, body: { ...valid, contentId: decodeSafe(id) } });
    expectClean(await sendAll('POST', '/api/calendar/schedule', reqs, alice.token));
    expect(await stack.list(alice)).toEqual(before);
  });

  test('when 200+ malformed unschedule requests arrive, then each gets a 4xx with an error and the scheduled item stays scheduled', async () => {
    const before = await stack.list(alice);
    const r = rng(402);
    const reqs = [...idRequests(r, (id) => `/api/calendar/unschedule/${id}`), ...tokenRequests(r, alice.token, `/api/calendar/unschedule/${scheduled.id}`)];
    // the draft is not scheduled: unscheduling it must not succeed either
    reqs.push({ label: 'a draft', path: `/api/calendar/unschedule/${draft.id}` });
    const outcomes = await sendAll('DELETE', `/api/calendar/unschedule/${scheduled.id}`, reqs, alice.token);
    expectClean(outcomes, (o) => o.req.label !== 'a draft');
    expect((await stack.list(alice)).find((c) => c.id === scheduled.id)).toEqual(before.find((c) => c.id === scheduled.id));
  });
});

describe('linkedin calls', () => {
  test.each([
    ['GET', '/api/linkedin/auth-url'],
    ['GET', '/api/linkedin/profile'],
    ['GET', '/api/linkedin/posts'],
    ['POST', '/api/linkedin/refresh-profile'],
    ['DELETE', '/api/linkedin/disconnect'],
  ])('when 200+ %s %s calls with mangled tokens arrive, then each gets a 401 with an error and the connection stays', async (method, path) => {
    const reqs = tokenRequests(rng(500 + path.length), alice.token, path);
    expectClean(await sendAll(method, path, reqs, null));
    const status = await stack.call('GET', '/api/linkedin/profile', { token: alice.token });
    expect(status.status).toBe(200);
    expect(status.body.connected).toBe(true);
  });

  test('when 200+ malformed posts-list queries arrive, then none answers 5xx', async () => {
    const r = rng(510);
    const junk = ['-1', '0', '1.5', 'abc', '1e400', '999999999999999999999', '%00', '[]', ...UNICODE_STRINGS.map(encode)];
    const reqs: BadRequest[] = [];
    while (reqs.length < PER_ENDPOINT) reqs.push({ label: `query #${reqs.length}`, path: `/api/linkedin/posts?${r.pick(['page', 'limit', 'page[$gt]', 'limit[]'])}=${r.pick(junk)}&${r.pick(['page', 'limit'])}=${r.pick(junk)}` });
    expectClean(await sendAll('GET', '/api/linkedin/posts', reqs, alice.token), () => false);
  });

  test('when 200+ malformed callbacks arrive, then each gets a 4xx with an error and the connection stays', async () => {
    const r = rng(520);
    const valid = { code: 'not-a-real-code', state: 'not-a-real-state' };
    const reqs = bodyRequests(r, callbackRequestSchema, valid, alice.token);
    // well-formed but unknown codes and states are bad input as well
    for (let i = 0; i < 20; i++) reqs.push({ label: `unknown state #${i}`, body: { code: randomId(), state: r.pick([randomId(), ...UNICODE_STRINGS]) } });
    expectClean(await sendAll('POST', '/api/linkedin/callback', reqs, alice.token));
    const status = await stack.call('GET', '/api/linkedin/profile', { token: alice.token });
    expect(status.body.connected).toBe(true);
  });

  test('when 200+ malformed publish requests arrive, then each gets a 4xx with an error and nothing reaches LinkedIn', async () => {
    const postsBefore = (await stack.sandboxPosts()).length;
    const before = await stack.list(alice);
    const r = rng(530);
    const valid = { contentId: draft.id, text: 'Never published.', visibility: 'PUBLIC' };
    const invalid = (b: Record<string, unknown>) => b.contentId !== draft.id;
    // the service publishes the item's own text when none is sent: text may be left out
    const schema = publishRequestSchema.extend({ text: publishRequestSchema.shape.text.optional() });
    const reqs = bodyRequests(r, schema, valid, alice.token, invalid);
    for (const id of BAD_IDS) reqs.push({ label: `contentId ${id.slice(0, 20)}`, body: { ...valid, contentId: decodeSafe(id) } });
    // a token for an account that does not exist, correctly signed
    reqs.push({ label: 'unknown account', body: valid, authorization: `Bearer ${issueTestToken({ sub: randomId(), tier: 'premium' })}` });
    expectClean(await sendAll('POST', '/api/linkedin/post', reqs, alice.token));
    expect((await stack.sandboxPosts()).length).toBe(postsBefore);
    expect(await stack.list(alice)).toEqual(before);
  });
});

describe('billing calls', () => {
  const customersCreated = async () => ((await (await fetch(new URL('/__sandbox/requests?path=/v1/customers&method=POST', stack.billingSandbox.url))).json()) as { requests: unknown[] }).requests.length;
  const inboxSize = () => stack.billing.ctx.mongo.collection('webhook_inbox').countDocuments();

  test('when 200+ malformed checkout requests arrive, then each gets a 4xx with an error and no Stripe customer or session is made', async () => {
    const before = await customersCreated();
    const r = rng(601);
    const valid = { plan: 'starter', interval: 'month' };
    const invalid = (b: Record<string, unknown>) => b.plan !== valid.plan || b.interval !== valid.interval;
    const reqs = bodyRequests(r, checkoutRequestSchema, valid, trial.token, invalid);
    reqs.push({ label: 'unknown account', body: valid, authorization: `Bearer ${issueTestToken({ sub: randomId() })}` });
    expectClean(await sendAll('POST', '/api/billing/checkout', reqs, trial.token));
    expect(await customersCreated()).toBe(before);
  });

  test('when 200+ portal and subscription requests with mangled tokens arrive, then each gets a 4xx with an error', async () => {
    const r = rng(602);
    expectClean(await sendAll('POST', '/api/billing/portal', tokenRequests(r, trial.token, '/api/billing/portal'), trial.token));
    expectClean(await sendAll('GET', '/api/billing/subscription', tokenRequests(r, trial.token, '/api/billing/subscription'), trial.token));
  });

  test('when 200+ forged or malformed webhook deliveries arrive, then each is refused with a 400 and nothing is recorded', async () => {
    const before = await inboxSize();
    const r = rng(603);
    const event = { id: `evt_${randomId()}`, object: 'event', type: 'customer.subscription.deleted', created: Math.floor(Date.now() / 1000), data: { object: { object: 'subscription', customer: 'cus_x' } } };
    const signatures = () => r.pick([undefined, '', 't=1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`, 'v1=abc', 't=abc', `t=${Math.floor(Date.now() / 1000) - 3600},v1=${'cd'.repeat(32)}`, encode(r.pick(UNICODE_STRINGS))]);
    const reqs: BadRequest[] = badPayloads(event).map((p) => ({ ...p, authorization: null }));
    while (reqs.length < PER_ENDPOINT) {
      const body = r.next() < 0.5 ? event : { ...event, id: r.pick(UNICODE_STRINGS), data: r.pick([null, {}, { object: r.pick(UNICODE_STRINGS) }]) };
      const signature = signatures();
      reqs.push({ label: `forged delivery #${reqs.length}`, raw: JSON.stringify(body), authorization: null, ...(signature === undefined ? {} : { headers: { 'stripe-signature': signature } }) });
    }
    const outcomes = await sendAll('POST', '/api/billing/webhook', reqs, null);
    expectClean(outcomes);
    expect(outcomes.every((o) => o.status === 400 || o.status === 413 || o.status === 415)).toBe(true);
    expect(await inboxSize()).toBe(before);
  });
});

function isObjectOfUnknownFields(raw: string | Buffer | undefined): boolean {
  if (raw === undefined) return false;
  try {
    const value = JSON.parse(raw.toString().replace(/^\ufeff/, ''));
    return !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).every((k) => !(k in profileUpdateRequestSchema.shape));
  } catch {
    return false;
  }
}

function decodeSafe(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
