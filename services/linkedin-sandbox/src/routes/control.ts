import express, { type Router } from 'express';
import { z } from 'zod';
import { readPost } from '../engagement';
import { renderLittleText } from '../little-text';
import { faultKinds, type SandboxState, type StoredPost } from '../state';

export interface SandboxSettings {
  fast: boolean;
  /** answer identical commentary from the same author with 422 DUPLICATE_POST */
  rejectDuplicates: boolean;
  /** how long after a post its text counts as a duplicate; null: for as long as it is stored */
  duplicateWindowSeconds: number | null;
  /** a deleted post is still named by DUPLICATE_POST (a ghost answering 404) */
  ghostDuplicates: boolean;
  /** LinkedIn's member daily limit per resource (429 over it until midnight UTC); null: none */
  memberDailyCallLimit: number | null;
  /** take the undocumented hashtag template `{hashtag|\\#|tag}` as a hashtag instead of refusing it (422) */
  acceptEscapedHashtagSign: boolean;
  /** where the audience reads a post's weekday and hour (IANA zone): post analytics favour its working mornings */
  audienceTimeZone: string;
}

const faultSchema = z.object({
  kind: z.enum(faultKinds as [string, ...string[]]),
  count: z.number().int().positive().max(10_000).optional(),
  path: z.string().startsWith('/').nullable().optional(),
  delayMs: z.number().int().nonnegative().max(600_000).nullable().optional(),
});

const handWrittenSchema = z
  .object({
    sub: z.string().min(1).optional(),
    author: z.string().regex(/^urn:li:(person|organization):[A-Za-z0-9_-]+$/).optional(),
    commentary: z.string().min(1).max(3000),
    ageSeconds: z.number().nonnegative().max(10 * 365 * 24 * 3600).optional(),
  })
  .refine((p) => (p.sub === undefined) !== (p.author === undefined), 'give either sub or author');

const MAX_AGE_SECONDS = 10 * 365 * 24 * 3600;
const memberUrn = z.string().regex(/^urn:li:(person|organization):[A-Za-z0-9_-]+$/);

const ageSchema = z
  .object({
    sub: z.string().min(1).optional(),
    author: memberUrn.optional(),
    /** with sub or author: every post of theirs moves back this far */
    ageSeconds: z.number().positive().max(MAX_AGE_SECONDS).optional(),
    /** each named post gets this creation time */
    posts: z
      .array(z.object({ id: z.string().min(1), createdAt: z.string().datetime({ offset: true }) }))
      .min(1)
      .max(10_000)
      .optional(),
  })
  .refine((b) => !(b.sub !== undefined && b.author !== undefined), 'give sub or author, not both')
  .refine((b) => (b.posts === undefined) !== (b.ageSeconds === undefined), 'give either posts [{id, createdAt}] or ageSeconds')
  .refine((b) => b.posts !== undefined || b.sub !== undefined || b.author !== undefined, 'ageSeconds moves one member\'s posts: give sub or author');

/**
 * Test controls under /__sandbox: switch faults on at runtime, read what was posted and
 * called, move the clock, change a member, expire tokens. Not part of LinkedIn.
 */
export function controlRoutes(router: Router, state: SandboxState, settings: SandboxSettings): void {
  const json = express.json({ limit: '20kb' });
  const bad = (message: string) => ({ error: message });

  /** a post as the controls show it: its time as ISO and what the engagement model reads in it */
  const shown = (p: StoredPost) => ({ ...p, createdAt: new Date(p.createdAt).toISOString(), reading: readPost(p, settings.audienceTimeZone) });

  router.get('/__sandbox/posts', (req, res) => {
    const author = typeof req.query.author === 'string' ? req.query.author : null;
    res.json({ posts: state.posts.filter((p) => !author || p.author === author).map(shown) });
  });

  /**
   * {sub | author, ageSeconds} moves every post of the member back that far; {posts: [{id,
   * createdAt}], sub? | author?} gives each named post that creation time (the member's own, when
   * one is named). Nothing may move past the sandbox's now; an unknown post changes nothing (404).
   */
  router.post('/__sandbox/posts/age', json, (req, res) => {
    const parsed = ageSchema.safeParse(req.body ?? {});
    if (!parsed.success) return res.status(400).json(bad(`Invalid ageing: ${parsed.error.issues[0].message}`));
    const { sub, author, ageSeconds, posts } = parsed.data;
    const owner = author ?? (sub !== undefined ? `urn:li:person:${sub}` : null);
    const now = state.now();
    let changes: Array<{ post: StoredPost; createdAt: number }>;
    if (posts) {
      const byId = new Map(state.posts.map((p) => [p.id, p]));
      const unknown = posts
        .filter((p) => {
          const post = byId.get(p.id);
          return !post || (owner !== null && post.author !== owner);
        })
        .map((p) => p.id);
      if (unknown.length) return res.status(404).json(bad(`No such post${owner ? ` of ${owner}` : ''}: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', ...' : ''}`));
      changes = posts.map((p) => ({ post: byId.get(p.id)!, createdAt: Date.parse(p.createdAt) }));
      const future = changes.find((c) => c.createdAt > now);
      if (future) return res.status(400).json(bad(`createdAt ${new Date(future.createdAt).toISOString()} is after the sandbox's now (${new Date(now).toISOString()})`));
    } else {
      changes = state.posts.filter((p) => p.author === owner).map((post) => ({ post, createdAt: post.createdAt - ageSeconds! * 1000 }));
    }
    state.redatePosts(changes);
    res.json({ posts: changes.map((c) => shown(c.post)) });
  });

  /**
   * {sub | author, commentary, ageSeconds?}: a post the member wrote by hand on linkedin.com,
   * ageSeconds ago (its id carries that time), with no duplicate check; its commentary is little
   * text, as LinkedIn stores it
   */
  router.post('/__sandbox/posts', json, (req, res) => {
    const parsed = handWrittenSchema.safeParse(req.body ?? {});
    if (!parsed.success) return res.status(400).json(bad(`Invalid post: ${parsed.error.issues[0].message}; give sub or author, commentary and ageSeconds`));
    const { sub, author, commentary, ageSeconds } = parsed.data;
    const createdAt = state.now() - (ageSeconds ?? 0) * 1000;
    const rendered = renderLittleText(commentary);
    const post: StoredPost = {
      id: state.newPostUrn(createdAt),
      author: author ?? `urn:li:person:${sub}`,
      commentary,
      text: rendered.text,
      truncated: rendered.truncated,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      apiVersion: 'linkedin.com',
      createdAt,
      deletedAt: null,
    };
    state.addPost(post);
    res.status(201).json({ post: { ...post, createdAt: new Date(createdAt).toISOString() } });
  });

  /** The member deletes the post on linkedin.com: it answers 404 from then on, and may live on as a ghost duplicate. */
  router.delete('/__sandbox/posts/:urn', (req, res) => {
    const post = state.deletePost(req.params.urn);
    if (!post) return res.status(404).json(bad('No such post'));
    res.json({ deleted: post.id });
  });

  router.get('/__sandbox/requests', (req, res) => {
    const path = typeof req.query.path === 'string' ? req.query.path : null;
    const method = typeof req.query.method === 'string' ? req.query.method.toUpperCase() : null;
    const requests = state.requests.filter((r) => (!path || r.path.startsWith(path)) && (!method || r.method === method));
    res.json({ requests: requests.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) });
  });

  /** API calls counted per UTC day (sandbox clock), member and resource: ?sub=&day=YYYY-MM-DD&resource= */
  router.get('/__sandbox/calls', (req, res) => {
    const query = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : null);
    const [sub, day, resource] = [query('sub'), query('day'), query('resource')];
    const calls = [...state.callCounts.values()].filter(
      (c) => (!sub || c.member === sub) && (!day || c.day === day) && (!resource || c.resource.startsWith(resource)),
    );
    res.json({ today: state.today(), limit: settings.memberDailyCallLimit, calls });
  });

  router.get('/__sandbox/faults', (_req, res) => {
    res.json({ faults: state.faults });
  });
  router.post('/__sandbox/faults', json, (req, res) => {
    const parsed = faultSchema.safeParse(req.body ?? {});
    if (!parsed.success) return res.status(400).json(bad(`Invalid fault: ${parsed.error.issues[0].message}; kind is one of ${faultKinds.join(', ')}`));
    const fault = state.addFault(parsed.data as Parameters<SandboxState['addFault']>[0]);
    res.status(201).json({ fault });
  });
  router.delete('/__sandbox/faults', (_req, res) => {
    const cleared = state.faults.length;
    state.faults = [];
    res.json({ cleared });
  });

  /** {advanceSeconds?: number, freeze?: boolean}: move the sandbox clock forward, stop or restart it */
  router.post('/__sandbox/clock', json, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const seconds = Number(body.advanceSeconds ?? 0);
    if (!Number.isFinite(seconds) || seconds < 0) return res.status(400).json(bad('advanceSeconds must be a non-negative number'));
    if (body.freeze !== undefined && typeof body.freeze !== 'boolean') return res.status(400).json(bad('freeze must be true or false'));
    if (typeof body.freeze === 'boolean') state.freeze(body.freeze);
    state.advance(seconds * 1000);
    res.json({ now: new Date(state.now()).toISOString() });
  });

  /** ?email=: the members the sandbox knows (a member is made on first sign-in), to find one's sub */
  router.get('/__sandbox/members', (req, res) => {
    const email = typeof req.query.email === 'string' ? req.query.email.toLowerCase() : null;
    res.json({ members: [...state.members.values()].filter((m) => !email || m.email.toLowerCase() === email) });
  });

  router.post('/__sandbox/members/:sub', json, (req, res) => {
    const member = state.members.get(req.params.sub);
    if (!member) return res.status(404).json(bad('No such member'));
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.withPicture === 'boolean') member.picture = body.withPicture ? `/media/profile/${member.sub}.svg?v=${state.now()}` : null;
    if (typeof body.headline === 'string') member.headline = body.headline;
    if (typeof body.givenName === 'string') member.givenName = body.givenName;
    if (typeof body.familyName === 'string') member.familyName = body.familyName;
    res.json({ member });
  });

  router.get('/__sandbox/grants', (_req, res) => {
    const now = state.now();
    const grants = [...state.grants.values()].map((g) => ({
      ...g,
      createdAt: new Date(g.createdAt).toISOString(),
      liveAccessTokens: g.revoked ? 0 : [...state.accessTokens.values()].filter((t) => t.grantId === g.id && t.expiresAt > now).length,
    }));
    res.json({ grants });
  });

  /** Expires access tokens now (and refresh tokens too with includeRefresh), for one member or all. */
  router.post('/__sandbox/tokens/expire', json, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const sub = typeof body.sub === 'string' ? body.sub : null;
    const now = state.now();
    const grantIds = new Set([...state.grants.values()].filter((g) => !sub || g.sub === sub).map((g) => g.id));
    let expired = 0;
    const maps = body.includeRefresh === true ? [state.accessTokens, state.refreshTokens] : [state.accessTokens];
    for (const map of maps) {
      for (const token of map.values()) {
        if (grantIds.has(token.grantId) && token.expiresAt > now) {
          token.expiresAt = now;
          expired += 1;
        }
      }
    }
    res.json({ expired });
  });

  router.post('/__sandbox/settings', json, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.fast === 'boolean') settings.fast = body.fast;
    if (typeof body.rejectDuplicates === 'boolean') settings.rejectDuplicates = body.rejectDuplicates;
    if (typeof body.ghostDuplicates === 'boolean') settings.ghostDuplicates = body.ghostDuplicates;
    if (body.duplicateWindowSeconds !== undefined) {
      const seconds = body.duplicateWindowSeconds;
      if (seconds !== null && !(Number.isInteger(seconds) && (seconds as number) > 0)) {
        return res.status(400).json(bad('duplicateWindowSeconds must be a positive whole number, or null for as long as a post is stored'));
      }
      settings.duplicateWindowSeconds = seconds as number | null;
    }
    if (typeof body.acceptEscapedHashtagSign === 'boolean') settings.acceptEscapedHashtagSign = body.acceptEscapedHashtagSign;
    if (body.audienceTimeZone !== undefined) {
      if (typeof body.audienceTimeZone !== 'string' || !isTimeZone(body.audienceTimeZone)) {
        return res.status(400).json(bad('audienceTimeZone must be an IANA time zone, e.g. Europe/Paris'));
      }
      settings.audienceTimeZone = body.audienceTimeZone;
    }
    if (body.memberDailyCallLimit !== undefined) {
      const limit = body.memberDailyCallLimit;
      if (limit !== null && !(Number.isInteger(limit) && (limit as number) > 0)) {
        return res.status(400).json(bad('memberDailyCallLimit must be a positive whole number, or null for no limit'));
      }
      settings.memberDailyCallLimit = limit as number | null;
    }
    res.json({ settings });
  });

  router.post('/__sandbox/reset', (_req, res) => {
    state.reset();
    res.json({ reset: true });
  });
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
