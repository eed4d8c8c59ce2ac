import { newestActiveLinkedinVersion } from '@postwright/contracts';
import { submitConsent } from '@postwright/platform/src/testing/linkedin-consent';
import { readConfig } from '../src/config';
import { start, type RunningSandbox } from '../src/server';

export { submitConsent };

export const PUBLIC_URL = 'http://localhost:8080';
export const REDIRECT_URI = `${PUBLIC_URL}/linkedin/callback`;
export const CLIENT_ID = 'postwright-sandbox';
export const CLIENT_SECRET = 'postwright-sandbox-secret';
/** the share app's products: Sign In with LinkedIn using OpenID Connect and Share on LinkedIn */
const SHARE_SCOPES = 'openid profile email w_member_social';
/** the second app, with the Community Management API alone */
export const COMMUNITY_CLIENT_ID = 'postwright-sandbox-community';
const COMMUNITY_SCOPES = 'r_basicprofile w_member_social r_member_postAnalytics';

/** The newest LinkedIn API version still active at `now` (contracts' list), as the LinkedIn service pins it. */
export function activeVersion(now = Date.now()): string {
  const version = newestActiveLinkedinVersion(now);
  if (!version) throw new Error('No version in contracts/src/linkedin-versions.ts is active any more: add the ones LinkedIn has released since');
  return version;
}

export function startSandbox(env: Record<string, string> = {}): Promise<RunningSandbox> {
  return start(
    readConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PORT: '0', SANDBOX_FAST: 'true', PUBLIC_URL, ...env }),
  );
}

export function authorizeUrl(base: string, params: Record<string, string | undefined> = {}): string {
  const url = new URL('/oauth/v2/authorization', base);
  const scope = params.client_id === COMMUNITY_CLIENT_ID ? COMMUNITY_SCOPES : SHARE_SCOPES;
  const all = { response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, state: 'st-123', scope, ...params };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}


export async function authorizationCode(base: string, params: Record<string, string | undefined> = {}, fields: Record<string, string | null> = {}): Promise<string> {
  const { location } = await submitConsent(authorizeUrl(base, params), 'Allow', fields);
  const code = new URL(location!).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

export async function tokenRequest(base: string, fields: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await fetch(new URL('/oauth/v2/accessToken', base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...fields }).toString(),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function exchange(base: string, code: string, clientId = CLIENT_ID): Promise<{ status: number; body: any }> {
  return tokenRequest(base, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: clientId });
}

/** A grant of the share app (its scopes by default), or of the app `params.client_id` names. */
export async function accessToken(base: string, params: Record<string, string | undefined> = {}, fields: Record<string, string | null> = {}): Promise<any> {
  const { body } = await exchange(base, await authorizationCode(base, params, fields), params.client_id);
  return body;
}

/** A grant of the Community Management app (post analytics, /v2/me; no OpenID). */
export function communityToken(base: string, fields: Record<string, string | null> = {}): Promise<any> {
  return accessToken(base, { client_id: COMMUNITY_CLIENT_ID }, fields);
}

export async function api(
  base: string,
  method: string,
  path: string,
  options: { token?: string; version?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { 'x-restli-protocol-version': '2.0.0', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.version !== null) headers['linkedin-version'] = options.version ?? activeVersion();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, base), { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* html or empty */
  }
  return { status: res.status, headers: res.headers, body };
}

export function postBody(sub: string, commentary: string, extra: Record<string, unknown> = {}) {
  return {
    author: `urn:li:person:${sub}`,
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    ...extra,
  };
}

export async function control(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
