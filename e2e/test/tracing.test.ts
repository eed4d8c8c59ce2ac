/**
 * One request, one trace, over the stack as `npm start` runs it with an OTLP endpoint: a
 * "publish now" sent with a W3C traceparent is followed through the spans the programs send to
 * the run's collector (the gateway, the LinkedIn service, its calls to the content service and
 * to LinkedIn, and the consumers of the event it published), and the request's log lines carry
 * its trace id.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AuthResponse, GenerateResponse } from '@postwright/contracts';
import { eventually, generateForm, http } from '@postwright/platform/src/testing';
import { allowConsent } from '@postwright/platform/src/testing/linkedin-consent';
import type { ReceivedSpan } from '@postwright/platform/src/testing/otlp-receiver';
import { ARTIFACTS, baseUrl, uniqueEmail } from '../src/browser';

jest.setTimeout(60_000);

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

const spansOf = async (traceId: string): Promise<ReceivedSpan[]> => (await http<ReceivedSpan[]>(process.env.E2E_OTLP_URL!, 'GET', `/spans?traceId=${traceId}`)).body;

/** The JSON lines of a program's log (the launcher writes one file per process). */
function logLines(program: string): Record<string, unknown>[] {
  return fs
    .readFileSync(path.join(ARTIFACTS, 'logs', `${program}.log`), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const json = line.slice(line.indexOf('{'));
      try {
        return [JSON.parse(json) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

async function connectedMember(): Promise<{ token: string; contentId: string; text: string }> {
  const signup = await http<AuthResponse>(baseUrl(), 'POST', '/api/auth/signup', {
    body: { email: uniqueEmail('grace.trace'), password: 'correct horse battery', firstName: 'Grace', lastName: 'Hopper' },
  });
  expect(signup.status).toBe(201);
  const token = signup.body.tokens.accessToken;
  const generated = await http<GenerateResponse>(baseUrl(), 'POST', '/api/content/generate', { token, body: generateForm('learning') });
  expect(generated.status).toBe(201);
  const begin = await http(baseUrl(), 'GET', '/api/linkedin/auth-url', { token });
  const back = await allowConsent(begin.body.authURL, uniqueEmail('grace.linkedin'));
  const done = await http(baseUrl(), 'POST', '/api/linkedin/callback', { token, body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
  expect(done.status).toBe(200);
  return { token, contentId: generated.body.content.id, text: `Traced post ${randomBytes(4).toString('hex')}: work samples beat whiteboards.` };
}

test('when a publish is sent with a traceparent, then the gateway, the services, LinkedIn calls and the event consumers share its trace, and the log lines carry it', async () => {
  const { token, contentId, text } = await connectedMember();
  const traceId = randomBytes(16).toString('hex');
  const callerSpan = randomBytes(8).toString('hex');

  const published = await http(baseUrl(), 'POST', '/api/linkedin/post', { token, body: { contentId, text }, headers: { traceparent: `00-${traceId}-${callerSpan}-01` } });
  expect(published.status).toBe(200);

  const has = (spans: ReceivedSpan[], service: string, kind: number) => spans.some((s) => s.service === service && s.kind === kind);
  const spans = await eventually(
    () => spansOf(traceId),
    (s) => has(s, 'gateway', SERVER) && has(s, 'linkedin', SERVER) && has(s, 'content', SERVER) && has(s, 'content', CONSUMER) && has(s, 'scheduler', CONSUMER),
    20_000,
  );
  // the gateway continues the caller's trace rather than starting its own
  expect(spans.find((s) => s.service === 'gateway' && s.kind === SERVER)?.parentSpanId).toBe(callerSpan);
  // the LinkedIn service's call to LinkedIn (the sandbox here) is a span of the trace
  expect(spans.filter((s) => s.service === 'linkedin' && s.kind === CLIENT).map((s) => String(s.attributes['url.full'] ?? s.attributes['http.url'] ?? ''))).toEqual(
    expect.arrayContaining([expect.stringContaining('/rest/posts')]),
  );
  // the modules loaded at start were hooked (tracing started before them): Express's route and MongoDB's commands are spans
  expect(spans.some((s) => s.service === 'linkedin' && 'express.type' in s.attributes)).toBe(true);
  expect(spans.some((s) => s.service === 'linkedin' && [s.attributes['db.system'], s.attributes['db.system.name']].includes('mongodb'))).toBe(true);
  // every span of the trace hangs from another of it or from the caller's (a parent still open
  // when its children were sent comes a moment later)
  const orphans = (all: ReceivedSpan[]) => {
    const known = new Set([callerSpan, ...all.map((s) => s.spanId)]);
    return all.filter((s) => !s.parentSpanId || !known.has(s.parentSpanId)).map((s) => `${s.service} ${s.name}`);
  };
  const whole = await eventually(() => spansOf(traceId), (all) => orphans(all).length === 0);
  expect(orphans(whole)).toEqual([]);
  const ids = new Set(whole.map((s) => s.spanId));

  // the request's log lines, in the gateway and in the service, carry the trace and a span of it
  const traced = (program: string) => logLines(program).filter((line) => line.trace_id === traceId);
  await eventually(async () => traced('gateway').length, (n) => n > 0);
  for (const program of ['gateway', 'linkedin']) {
    const lines = traced(program);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(ids.has(String(line.span_id))).toBe(true);
  }
});
