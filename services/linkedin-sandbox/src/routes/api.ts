import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { linkedinVersionEntry, linkedinVersionStatus } from '@postwright/contracts';
import { METRICS, metricsFor, type Metric } from '../engagement';
import { parseLittleText, renderLittleText } from '../little-text';
import type { Grant, Member, SandboxState, StoredPost } from '../state';
import type { SandboxConfig } from '../config';
import type { SandboxSettings } from './control';
import { publicOrigin } from './oauth';
import { projectProfile } from './profile-projection';


export { errors, MAX_COMMENTARY } from './api-errors';
import { errors, MAX_COMMENTARY } from './api-errors';

interface Caller {
  member: Member;
  grant: Grant;
  token: string;
}

/** The bearer token from the Authorization header, or `?oauth2_access_token=` as passport-linkedin-oauth2 sends it. */
export function presentedToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  if (match) return match[1];
  return typeof req.query.oauth2_access_token === 'string' ? req.query.oauth2_access_token : null;
}

/** From this version on, memberCreatorPostAnalytics gives metricType as a plain string; before, as a union object. */
export const METRIC_TYPE_AS_STRING_SINCE = '202605';

const postBodySchema = z.object({
  author: z.string().regex(/^urn:li:(person|organization):[A-Za-z0-9_-]+$/),
  commentary: z.string(),
  visibility: z.enum(['PUBLIC', 'CONNECTIONS', 'LOGGED_IN']),
  distribution: z.object({
    feedDistribution: z.enum(['MAIN_FEED', 'NONE']),
    targetEntities: z.array(z.unknown()).optional(),
    thirdPartyDistributionChannels: z.array(z.unknown()).optional(),
  }),
  lifecycleState: z.enum(['PUBLISHED', 'DRAFT']),
  isReshareDisabledByAuthor: z.boolean().optional(),
});

/** How long LinkedIn calls the same text a duplicate, and whether deleted posts still count (the sandbox's settings). */
function duplicateRule(settings: Pick<SandboxSettings, 'duplicateWindowSeconds' | 'ghostDuplicates'>) {
  return { windowMs: settings.duplicateWindowSeconds === null ? null : settings.duplicateWindowSeconds * 1000, ghosts: settings.ghostDuplicates };
}

/** The REST and v2 APIs of api.linkedin.com that the product calls. */
export function apiRoutes(
  router: Router,
  state: SandboxState,
  config: Pick<SandboxConfig, 'publicUrl'>,
  settings: Pick<SandboxSettings, 'rejectDuplicates' | 'duplicateWindowSeconds' | 'ghostDuplicates' | 'memberDailyCallLimit' | 'acceptEscapedHashtagSign' | 'audienceTimeZone'>,
): void {
  const json = express.json({ limit: '200kb' });

  function authenticate(req: Request, res: Response): Caller | null {
    const token = presentedToken(req);
    const issued = token ? state.accessTokens.get(token) : undefined;
    if (!token || !issued) {
      res.status(401).json(errors.invalidToken);
      return null;
    }
    const grant = state.grants.get(issued.grantId)!;
    if (grant.revoked) {
      res.status(401).json(errors.revokedToken);
      return null;
    }
    if (issued.expiresAt <= state.now()) {
      res.status(401).json(errors.expiredToken);
      return null;
    }
    // LinkedIn's member limit: calls per member and resource, per UTC day
    if (!state.countCall(grant.sub, req.path, settings.memberDailyCallLimit)) {
      res.status(429).json(errors.dailyLimit);
      return null;
    }
    return { member: state.members.get(grant.sub)!, grant, token };
  }

  /** /rest endpoints need a LinkedIn-Version that LinkedIn released and has not retired (contracts' list, sandbox clock). */
  function version(req: Request, res: Response): string | null {
    const v = req.get('linkedin-version');
    if (!v) {
      res.status(400).json({ status: 400, code: 'VERSION_MISSING', message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.' });
      return null;
    }
    // a malformed header gets the same 426 as an unknown version: LinkedIn documents no other answer
    if (linkedinVersionStatus(v, state.now()) !== 'active') {
      res.status(426).json(errors.retiredVersion(v));
      return null;
    }
    return v;
  }

  router.get('/v2/userinfo', (req, res) => {
    const caller = authenticate(req, res);
    if (!caller) return;
    if (!caller.grant.scopes.includes('openid')) return res.status(403).json(errors.accessDenied('userinfo.GET.NO_VERSION'));
    const { member, grant } = caller;
    const info: Record<string, unknown> = { sub: member.sub };
    if (grant.scopes.includes('profile')) {
      Object.assign(info, {
        name: `${member.givenName} ${member.familyName}`,
        given_name: member.givenName,
        family_name: member.familyName,
        // LinkedIn answers either shape; clients must accept both
        locale: member.sub.charCodeAt(0) % 2 ? `${member.locale.language}-${member.locale.country}` : member.locale,
      });
      if (member.picture) info.picture = `${publicOrigin(req, config)}${member.picture}`;
    }
    if (grant.scopes.includes('email')) Object.assign(info, { email: member.email, email_verified: true });
    res.json(info);
  });

  router.get('/v2/me', (req, res) => {
    const caller = authenticate(req, res);
    if (!caller) return;
    if (!caller.grant.scopes.includes('r_basicprofile')) return res.status(403).json(errors.accessDenied('me.GET.NO_VERSION'));
    const m = caller.member;
    const localized = (value: string) => ({ localized: { [`${m.locale.language}_${m.locale.country}`]: value }, preferredLocale: m.locale });
    const profile = {
      id: m.sub,
      localizedFirstName: m.givenName,
      localizedLastName: m.familyName,
      localizedHeadline: m.headline,
      vanityName: m.vanityName,
      firstName: localized(m.givenName),
      lastName: localized(m.familyName),
      headline: localized(m.headline),
      ...(m.picture ? { profilePicture: { displayImage: `urn:li:digitalmediaAsset:C4D03AQ${m.sub}` } } : {}),
    };
    const projection = typeof req.query.projection === 'string' ? req.query.projection : undefined;
    res.json(projectProfile(profile, projection, m.picture ? `${publicOrigin(req, config)}${m.picture}` : null));
  });

  router.post('/rest/posts', json, (req, res) => {
    const caller = authenticate(req, res);
    if (!caller) return;
    const v = version(req, res);
    if (!v) return;
    if (req.get('x-restli-protocol-version') !== '2.0.0') {
      return res.status(400).json({ status: 400, code: 'INVALID_PROTOCOL_VERSION', message: 'The X-Restli-Protocol-Version header must be 2.0.0' });
    }
    if (!caller.grant.scopes.includes('w_member_social')) return res.status(403).json(errors.accessDenied(`partnerApiPostsExternal.CREATE.${v}`));
    if (!req.is('application/json')) return res.status(415).json({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' });
    const parsed = postBodySchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return res.status(422).json({ status: 422, code: 'UNPROCESSABLE_ENTITY', message: `ERROR :: /${issue.path.join('/')} :: ${issue.message}` });
    }
    const body = parsed.data;
    if (body.author !== `urn:li:person:${caller.member.sub}`) {
      return res.status(403).json({ ...errors.accessDenied(`partnerApiPostsExternal.CREATE.${v}`), message: `ERROR :: /author :: "${body.author}" is not the authenticated member` });
    }
    // counted as sent, escapes and hashtag templates included: LinkedIn does not say, so the strict reading
    if (body.commentary.length > MAX_COMMENTARY) return res.status(400).json(errors.commentaryTooLong(body.commentary));
    // the documented hashtag template has the sign bare; the escaped one is refused as malformed, unless a test asks otherwise
    if (!settings.acceptEscapedHashtagSign && parseLittleText(body.commentary).escapedHashtagSigns > 0) {
      return res.status(422).json(errors.malformedCommentary('a hashtag template takes the sign bare, {hashtag|#|tag} or {hashtag|＃|tag}, not \\#'));
    }
    const duplicate = settings.rejectDuplicates ? state.duplicateOf(body.author, body.commentary, duplicateRule(settings)) : null;
    if (duplicate) return res.status(422).json(errors.duplicatePost(duplicate.id));
    const rendered = renderLittleText(body.commentary);
    // one reading of the clock: the id carries the same millisecond as createdAt
    const createdAt = state.now();
    const post: StoredPost = {
      id: state.newPostUrn(createdAt),
      author: body.author,
      commentary: body.commentary,
      text: rendered.text,
      truncated: rendered.truncated,
      visibility: body.visibility,
      lifecycleState: body.lifecycleState,
      apiVersion: v,
      createdAt,
      deletedAt: null,
    };
    state.addPost(post);
    res.status(201).set({ 'x-restli-id': post.id, 'x-linkedin-id': post.id }).end();
  });

  router.get('/rest/memberCreatorPostAnalytics', (req, res) => {
    const caller = authenticate(req, res);
    if (!caller) return;
    const v = version(req, res);
    if (!v) return;
    if (!caller.grant.scopes.includes('r_member_postAnalytics')) {
      return res.status(403).json(errors.accessDenied(`memberCreatorPostAnalytics.FINDER-entity.${v}`));
    }
    const bad = (message: string) => res.status(400).json({ status: 400, code: 'INVALID_PARAMS', message });
    if (req.query.q !== 'entity') return bad('Parameter "q" must be "entity"');
    const queryType = String(req.query.queryType ?? '');
    if (!(METRICS as readonly string[]).includes(queryType)) return bad(`Invalid queryType "${queryType}"`);
    if ((req.query.aggregation ?? 'TOTAL') !== 'TOTAL') return bad('Only aggregation TOTAL is supported by the sandbox');
    const entity = /^\((share|ugc):(.+)\)$/.exec(String(req.query.entity ?? ''));
    if (!entity) return bad('Parameter "entity" must look like (share:urn%3Ali%3Ashare%3A123)');
    let urn: string;
    try {
      urn = decodeURIComponent(entity[2]);
    } catch {
      return bad('Parameter "entity" is not correctly encoded');
    }
    const post = state.posts.find((p) => p.id === urn);
    if (!post || post.author !== `urn:li:person:${caller.member.sub}`) {
      return res.status(404).json({ status: 404, code: 'NOT_FOUND', message: `Entity ${urn} was not found` });
    }
    const count = metricsFor(post, state.now(), settings.audienceTimeZone)[queryType as Metric];
    // 202605 on give the metric type as a plain string, older versions as a union object
    const metricType =
      linkedinVersionEntry(v)!.version >= METRIC_TYPE_AS_STRING_SINCE ? queryType : { 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': queryType };
    res.json({
      paging: { start: 0, count: 10, links: [] },
      elements: [{ count, metricType, targetEntity: { [entity[1]]: urn } }],
    });
  });
}
