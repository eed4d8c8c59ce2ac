import { createHash, generateKeyPairSync, randomBytes, randomInt, sign, type KeyObject } from 'node:crypto';
import { linkedinPostUrn } from '@postwright/contracts';

import { armedFaultKinds, type AuthorizationCode, type AuthorizationRequest, type CallCount, type Fault, type FaultKind, type Grant, type IssuedToken, type Member, type RequestRecord, type StoredPost } from './state.types';

export * from './state.types';

const CALL_COUNT_DAYS = 7;

const CODE_TTL_MS = 30 * 60_000;
const AUTHORIZATION_REQUEST_TTL_MS = 60 * 60_000;

/**
 * Everything the sandbox knows, in memory: it is a test double, restarting it forgets all.
 * Time comes from `now()`, which tests can move forward (`advance`) to expire codes and
 * tokens or let post analytics grow.
 */
export class SandboxState {
  members = new Map<string, Member>();
  authorizationRequests = new Map<string, AuthorizationRequest>();
  codes = new Map<string, AuthorizationCode>();
  grants = new Map<string, Grant>();
  accessTokens = new Map<string, IssuedToken>();
  refreshTokens = new Map<string, IssuedToken>();
  posts: StoredPost[] = [];
  /** the first post of each author and commentary: the duplicate check is a lookup, not a walk over every post */
  private readonly postsByText = new Map<string, StoredPost>();
  faults: Fault[] = [];
  requests: RequestRecord[] = [];
  callCounts = new Map<string, CallCount>();
  private offsetMs = 0;
  private frozenAt: number | null = null;
  private postSeq = 0;
  readonly signingKey: { privateKey: KeyObject; publicKey: KeyObject; kid: string };

  constructor() {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.signingKey = { ...pair, kid: `sandbox-${randomBytes(4).toString('hex')}` };
  }

  now(): number {
    return (this.frozenAt ?? Date.now()) + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Stops (or restarts) the clock, so time-dependent answers such as analytics hold still. */
  freeze(frozen: boolean): void {
    if (frozen && this.frozenAt === null) this.frozenAt = Date.now();
    if (!frozen && this.frozenAt !== null) {
      this.offsetMs -= Date.now() - this.frozenAt;
      this.frozenAt = null;
    }
  }

  reset(): void {
    this.members.clear();
    this.authorizationRequests.clear();
    this.codes.clear();
    this.grants.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.posts = [];
    this.postsByText.clear();
    this.faults = [];
    this.requests = [];
    this.callCounts.clear();
    this.offsetMs = 0;
    this.frozenAt = null;
  }

  /** The same email always signs in as the same member, as on the real site. */
  upsertMember(input: { givenName: string; familyName: string; email: string; withPicture: boolean }): Member {
    const email = input.email.trim().toLowerCase();
    const sub = memberIdFor(email);
    const existing = this.members.get(sub);
    const slug = `${input.givenName}-${input.familyName}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'member';
    const member: Member = {
      sub,
      givenName: input.givenName.trim() || 'Alex',
      familyName: input.familyName.trim() || 'Morgan',
      email,
      picture: input.withPicture ? `/media/profile/${sub}.svg` : null,
      headline: existing?.headline ?? `Chief Executive Officer at ${input.familyName.trim() || 'Morgan'} & Co.`,
      vanityName: existing?.vanityName ?? `${slug}-${sub.slice(0, 6).toLowerCase()}`,
      locale: { country: 'US', language: 'en' },
    };
    this.members.set(sub, member);
    return member;
  }

  newAuthorizationRequest(input: Omit<AuthorizationRequest, 'id' | 'expiresAt'>): AuthorizationRequest {
    this.sweep();
    const request = { ...input, id: randomBytes(16).toString('hex'), expiresAt: this.now() + AUTHORIZATION_REQUEST_TTL_MS };
    this.authorizationRequests.set(request.id, request);
    return request;
  }

  newCode(input: Omit<AuthorizationCode, 'expiresAt' | 'used'>): string {
    const code = `AQ${randomBytes(48).toString('base64url')}`;
    this.codes.set(code, { ...input, expiresAt: this.now() + CODE_TTL_MS, used: false });
    return code;
  }

  newGrant(input: Omit<Grant, 'id' | 'revoked' | 'createdAt'>): Grant {
    const grant: Grant = { ...input, id: randomBytes(8).toString('hex'), revoked: false, createdAt: this.now() };
    this.grants.set(grant.id, grant);
    return grant;
  }

  issueAccessToken(grantId: string, ttlSeconds: number): string {
    const token = `AQV${randomBytes(96).toString('base64url')}`;
    this.accessTokens.set(token, { grantId, expiresAt: this.now() + ttlSeconds * 1000 });
    return token;
  }

  issueRefreshToken(grantId: string, ttlSeconds: number): string {
    const token = `AQX${randomBytes(96).toString('base64url')}`;
    this.refreshTokens.set(token, { grantId, expiresAt: this.now() + ttlSeconds * 1000 });
    return token;
  }

  /** A share URN like LinkedIn's: 19 digits, its creation time (default now) in the first 41 bits. */
  newPostUrn(createdAt = this.now()): string {
    this.postSeq += 1;
    return linkedinPostUrn(createdAt, this.postSeq);
  }

  /**
   * The author's latest post with exactly this commentary (escapes included), if LinkedIn would
   * still call new text a duplicate of it. LinkedIn publishes no rule; what clients meet is a
   * refusal of the same text from the same author, seen hours to days later and even after the
   * first post was deleted (a "ghost" the refusal names though it answers 404). So: within
   * `windowMs` of that post (null: for as long as it is stored), and a deleted one only while
   * `ghosts` is on.
   */
  duplicateOf(author: string, commentary: string, rule: { windowMs: number | null; ghosts: boolean }): StoredPost | null {
    const post = this.postsByText.get(textKey(author, commentary));
    if (!post) return null;
    if (post.deletedAt !== null && !rule.ghosts) return null;
    if (rule.windowMs !== null && this.now() - post.createdAt >= rule.windowMs) return null;
    return post;
  }

  /** Stores a created post (in creation order, as LinkedIn lists them). */
  addPost(post: StoredPost): void {
    this.posts.push(post);
    const key = textKey(post.author, post.commentary);
    const earlier = this.postsByText.get(key);
    if (!earlier || earlier.createdAt <= post.createdAt) this.postsByText.set(key, post);
  }

  /**
   * Dates posts back (a test control): their analytics then follow the new age, weekday and hour.
   * Their ids keep the time they were made with, so a post stays the one every client knows.
   * The feed stays in creation order.
   */
  redatePosts(changes: ReadonlyArray<{ post: StoredPost; createdAt: number }>): void {
    for (const { post, createdAt } of changes) post.createdAt = createdAt;
    this.posts.sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * The member deletes a post on LinkedIn: it leaves the feed and its analytics (404), but stays
   * known to the duplicate check as a ghost. Null when there is no such post.
   */
  deletePost(id: string): StoredPost | null {
    const index = this.posts.findIndex((p) => p.id === id);
    if (index < 0) return null;
    const [post] = this.posts.splice(index, 1);
    post.deletedAt = this.now();
    return post;
  }

  /** The UTC date (YYYY-MM-DD) of the sandbox clock: LinkedIn's daily limits reset at midnight UTC. */
  today(): string {
    return new Date(this.now()).toISOString().slice(0, 10);
  }

  /**
   * Counts a member's call to a resource today and says whether LinkedIn's member daily limit
   * (`limit` calls per resource, null: none) lets it through. A refused call is counted as
   * throttled, not against the limit.
   */
  countCall(member: string, resource: string, limit: number | null): boolean {
    const day = this.today();
    const key = `${day} ${member} ${resource}`;
    let count = this.callCounts.get(key);
    if (!count) {
      this.forgetOldCallCounts(day);
      count = { day, member, resource, calls: 0, throttled: 0 };
      this.callCounts.set(key, count);
    }
    if (limit !== null && count.calls >= limit) {
      count.throttled += 1;
      return false;
    }
    count.calls += 1;
    return true;
  }

  private forgetOldCallCounts(today: string): void {
    const oldest = new Date(Date.parse(today) - (CALL_COUNT_DAYS - 1) * 24 * 3600_000).toISOString().slice(0, 10);
    for (const [key, count] of this.callCounts) if (count.day < oldest) this.callCounts.delete(key);
  }

  takeFault(path: string, isApi: boolean): Fault | null {
    const index = this.faults.findIndex((f) => !armedFaultKinds.includes(f.kind) && (f.path ? path.startsWith(f.path) : isApi));
    if (index < 0) return null;
    const fault = this.faults[index];
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.splice(index, 1);
    return fault;
  }

  /**
   * The fresh-token fault, when one is waiting: the token just issued answers its first `count`
   * API calls with 401 REVOKED_ACCESS_TOKEN (65601), as LinkedIn answers some tokens for a few
   * seconds after issuing them.
   */
  armFreshToken(token: string): void {
    const index = this.faults.findIndex((f) => f.kind === 'fresh-token');
    const issued = this.accessTokens.get(token);
    if (index < 0 || !issued) return;
    issued.refuseFirstCalls = this.faults[index].remaining;
    this.faults.splice(index, 1);
  }

  addFault(input: { kind: FaultKind; count?: number; path?: string | null; delayMs?: number | null }): Fault {
    const fault: Fault = {
      id: randomBytes(4).toString('hex'),
      kind: input.kind,
      remaining: input.count ?? 1,
      path: input.path ?? null,
      delayMs: input.delayMs ?? null,
    };
    this.faults.push(fault);
    return fault;
  }

  /** A signed OpenID Connect id token (RS256), verifiable with /oauth/openid/jwks. */
  idToken(issuer: string, audience: string, member: Member, scopes: string[]): string {
    const iat = Math.floor(this.now() / 1000);
    const claims: Record<string, unknown> = { iss: issuer, aud: audience, iat, exp: iat + 3600, sub: member.sub };
    if (scopes.includes('profile')) {
      Object.assign(claims, { name: `${member.givenName} ${member.familyName}`, given_name: member.givenName, family_name: member.familyName, locale: member.locale });
    }
    if (scopes.includes('email')) Object.assign(claims, { email: member.email, email_verified: true });
    const header = { alg: 'RS256', kid: this.signingKey.kid, typ: 'JWT' };
    const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = `${encode(header)}.${encode(claims)}`;
    return `${body}.${sign('sha256', Buffer.from(body), this.signingKey.privateKey).toString('base64url')}`;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, r] of this.authorizationRequests) if (r.expiresAt < now) this.authorizationRequests.delete(id);
    for (const [code, c] of this.codes) if (c.expiresAt < now - CODE_TTL_MS) this.codes.delete(code);
  }
}

/** An author URN holds no newline, so the pair is unambiguous. */
function textKey(author: string, commentary: string): string {
  return `${author}\n${commentary}`;
}

/** LinkedIn member ids (the OIDC `sub`) are short opaque strings; ours are derived from the email. */
function memberIdFor(email: string): string {
  const digest = createHash('sha256').update(email).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 10; i += 1) id += alphabet[digest[i] % alphabet.length];
  return id;
}

export function randomDelay(baseMs: number): number {
  return baseMs <= 0 ? 0 : Math.round(baseMs * 0.5 + randomInt(0, Math.max(1, baseMs)));
}

/** A delay drawn uniformly from [baseMs - jitterMs, baseMs + jitterMs] (never below 0). */
export function uniformDelay(baseMs: number, jitterMs: number): number {
  const low = Math.max(0, baseMs - jitterMs);
  return low + randomInt(0, baseMs + jitterMs - low + 1);
}
