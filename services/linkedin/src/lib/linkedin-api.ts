/**
 * A small client for the parts of api.linkedin.com the product uses (userinfo, /v2/me,
 * /rest/posts, memberCreatorPostAnalytics), classifying every failure so callers can tell
 * "LinkedIn said no" from "LinkedIn is down" from "we do not know whether it happened".
 */
import { httpRequest, type HttpAnswer, type HttpRequestError } from '@postwright/platform';
export type LinkedinFailure =
  | 'unauthorized'
  | 'forbidden'
  | 'throttled'
  | 'unavailable'
  | 'retired-version'
  | 'rejected'
  /** the commentary is over LinkedIn's 3,000 characters as LinkedIn counts them (400, "ShareCommentary text length") */
  | 'too-long'
  /** LinkedIn already has this text from this member (422 DUPLICATE_POST); `existingPostUrn` names the post when it said which */
  | 'duplicate'
  | 'not-found'
  /** the request may have been carried out but no answer came back */
  | 'unknown-outcome';

export class LinkedinApiError extends Error {
  constructor(
    readonly kind: LinkedinFailure,
    message: string,
    readonly status: number | null = null,
    readonly body: unknown = null,
    /** for 'duplicate': the post LinkedIn says already carries this text */
    readonly existingPostUrn: string | null = null,
  ) {
    super(message);
    this.name = 'LinkedinApiError';
  }
}

export function isLinkedinApiError(error: unknown, kind?: LinkedinFailure): error is LinkedinApiError {
  return error instanceof LinkedinApiError && (!kind || error.kind === kind);
}

/** LinkedIn's 401 for a token that is over: 65601 revoked (the member took the access back), 65602 expired. */
export function isDeadToken(error: unknown): boolean {
  if (!isLinkedinApiError(error, 'unauthorized')) return false;
  const code = (error.body as { serviceErrorCode?: unknown } | null)?.serviceErrorCode;
  return code === 65601 || code === 65602;
}

export interface UserInfo {
  sub: string;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
  email: string | null;
}

export interface BasicProfile {
  headline: string | null;
  vanityName: string | null;
}

/** The member as the Profile API gives them to a Community Management app (r_basicprofile): no email. */
export interface MeProfile extends BasicProfile {
  id: string;
  firstName: string | null;
  lastName: string | null;
  /** the largest size of the profile photo, null without one */
  picture: string | null;
}

/**
 * The fields of `GET /v2/me` the product shows, the picture's digitalmediaAsset URN decorated
 * with its sizes and URLs (LinkedIn's Profile Picture page: `displayImage~:playableStreams`).
 */
export const ME_PROJECTION = '(id,localizedFirstName,localizedLastName,localizedHeadline,vanityName,profilePicture(displayImage~:playableStreams))';

/** The URL of the widest image in a decorated `displayImage~`, or null. */
function largestImage(decorated: any): string | null {
  const elements: any[] = Array.isArray(decorated?.elements) ? decorated.elements : [];
  let best: { width: number; url: string } | null = null;
  for (const element of elements) {
    const url = element?.identifiers?.[0]?.identifier;
    if (typeof url !== 'string') continue;
    const still = element?.data?.['com.linkedin.digitalmedia.mediaartifact.StillImage'];
    const width = Number(still?.storageSize?.width ?? still?.displaySize?.width ?? 0);
    if (!best || width > best.width) best = { width, url };
  }
  return best?.url ?? null;
}

export type Metric = 'IMPRESSION' | 'REACTION' | 'COMMENT' | 'RESHARE';

/** A post LinkedIn holds for this request: made now, or one it already had with the same text. */
export interface CreatedPost {
  urn: string;
  /** LinkedIn refused the text as a duplicate of this existing post (422 DUPLICATE_POST) */
  existing: boolean;
}

export interface LinkedinApiSettings {
  apiUrl: string;
  webUrl: string;
  apiVersion: string;
  requestTimeoutMs: number;
}

/** The operations of LinkedIn's API the client calls, as the request counter names them. */
export type LinkedinOperation = 'userinfo' | 'me' | 'create_post' | 'post_metric';

/** Told of every call to LinkedIn: its HTTP status, or 'error' when no answer came (the request counter). */
export type LinkedinCallObserver = (operation: LinkedinOperation, status: number | 'error') => void;

/** Network errors that prove the request never reached LinkedIn. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function failureFromStatus(status: number): LinkedinFailure {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 426) return 'retired-version';
  if (status === 429) return 'throttled';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

const POST_URN = /urn:li:(?:share|ugcPost):\d+/;

/**
 * LinkedIn's answer to commentary over its limit, as clients have logged it: 400, the message
 * "...ShareCommentary text length (N characters) exceeded the maximum allowed (3000 characters)"
 * and an input error FIELD_ARRAY_SIZE_TOO_HIGH.
 */
export function isTooLong(status: number, body: any): boolean {
  if (status !== 400) return false;
  const message = typeof body?.message === 'string' ? body.message : '';
  return /ShareCommentary text length/i.test(message);
}

/**
 * LinkedIn's answer to identical commentary from the same author: 422, code DUPLICATE_POST in
 * errorDetails.inputErrors, and the existing post named in the message ("Content is a duplicate
 * of urn:li:share:..."). The message is read for the code only when no input error carries one.
 * Returns the URN it names (null when it names none), or undefined when this is not a duplicate.
 */
export function duplicatePostOf(status: number, body: any): string | null | undefined {
  if (status !== 422) return undefined;
  const message = typeof body?.message === 'string' ? body.message : '';
  const inputErrors: unknown[] = Array.isArray(body?.errorDetails?.inputErrors) ? body.errorDetails.inputErrors : [];
  const codes = inputErrors.map((e) => (e as { code?: unknown })?.code).filter((c): c is string => typeof c === 'string');
  const duplicate = codes.length > 0 ? codes.includes('DUPLICATE_POST') : /content is a duplicate of/i.test(message);
  if (!duplicate) return undefined;
  return POST_URN.exec(message)?.[0] ?? null;
}

export class LinkedinApi {
  constructor(
    private readonly settings: LinkedinApiSettings,
    private readonly observe: LinkedinCallObserver = () => undefined,
  ) {}

  get apiVersion(): string {
    return this.settings.apiVersion;
  }

  /** The public URL of a post. */
  postUrl(urn: string): string {
    return `${this.settings.webUrl}/feed/update/${urn}/`;
  }

  private async request(
    operation: LinkedinOperation,
    method: 'GET' | 'POST',
    path: string,
    options: { token: string; body?: unknown; rest?: boolean },
  ): Promise<{ status: number; headers: HttpAnswer['headers']; body: any }> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
    if (options.rest) {
      headers['linkedin-version'] = this.settings.apiVersion;
      headers['x-restli-protocol-version'] = '2.0.0';
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let res: HttpAnswer;
    try {
      res = await httpRequest(`${this.settings.apiUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        timeoutMs: this.settings.requestTimeoutMs,
      });
    } catch (error) {
      this.observe(operation, 'error');
      const code = (error as HttpRequestError)?.code;
      const timedOut = (error as HttpRequestError)?.timedOut === true;
      if (method === 'POST' && !(code && NOT_SENT.has(code))) {
        throw new LinkedinApiError('unknown-outcome', timedOut ? 'LinkedIn did not answer in time' : 'The connection to LinkedIn dropped before it answered');
      }
      throw new LinkedinApiError('unavailable', timedOut ? 'LinkedIn did not answer in time' : 'LinkedIn could not be reached');
    }
    this.observe(operation, res.status);
    const text = res.text;
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text.slice(0, 500) };
    }
    if (res.status >= 400) {
      const message = typeof body?.message === 'string' ? body.message : `LinkedIn answered ${res.status}`;
      const existing = duplicatePostOf(res.status, body);
      if (existing !== undefined) throw new LinkedinApiError('duplicate', message, res.status, body, existing);
      if (isTooLong(res.status, body)) throw new LinkedinApiError('too-long', message, res.status, body);
      throw new LinkedinApiError(failureFromStatus(res.status), message, res.status, body);
    }
    return { status: res.status, headers: res.headers, body };
  }

  async userinfo(token: string): Promise<UserInfo> {
    const { body } = await this.request('userinfo', 'GET', '/v2/userinfo', { token });
    if (!body || typeof body.sub !== 'string') throw new LinkedinApiError('unavailable', 'LinkedIn userinfo had no member id');
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    return { sub: body.sub, givenName: str(body.given_name), familyName: str(body.family_name), picture: str(body.picture), email: str(body.email) };
  }

  /** The member through the Profile API (r_basicprofile), with the projection above. */
  async me(token: string): Promise<MeProfile> {
    const { body } = await this.request('me', 'GET', `/v2/me?projection=${encodeURIComponent(ME_PROJECTION)}`, { token });
    if (!body || typeof body.id !== 'string') throw new LinkedinApiError('unavailable', 'LinkedIn /v2/me had no member id');
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    return {
      id: body.id,
      firstName: str(body.localizedFirstName),
      lastName: str(body.localizedLastName),
      headline: str(body.localizedHeadline),
      vanityName: str(body.vanityName),
      picture: largestImage(body.profilePicture?.['displayImage~']),
    };
  }

  /**
   * Creates a post; resolves to its URN (x-restli-id), or to the post LinkedIn already has with
   * this text (422 DUPLICATE_POST naming it): after a lost answer or a 5xx that did create the
   * post, that is this post. A duplicate that names no post stays an error ('duplicate').
   */
  async createPost(token: string, post: { author: string; commentary: string; visibility: 'PUBLIC' | 'CONNECTIONS' }): Promise<CreatedPost> {
    let headers: HttpAnswer['headers'];
    try {
      ({ headers } = await this.request('create_post', 'POST', '/rest/posts', {
        token,
        rest: true,
        body: {
          author: post.author,
          commentary: post.commentary,
          visibility: post.visibility,
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
      }));
    } catch (error) {
      if (isLinkedinApiError(error, 'duplicate') && error.existingPostUrn) return { urn: error.existingPostUrn, existing: true };
      throw error;
    }
    const header = (name: string) => [headers[name]].flat()[0];
    const urn = header('x-restli-id') ?? header('x-linkedin-id');
    if (!urn) throw new LinkedinApiError('unknown-outcome', 'LinkedIn accepted the post but did not say its id');
    return { urn, existing: false };
  }

  /** One lifetime metric of one post (memberCreatorPostAnalytics, aggregation TOTAL). */
  async postMetric(token: string, urn: string, metric: Metric): Promise<number> {
    const kind = urn.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share';
    const query = `q=entity&entity=(${kind}:${encodeURIComponent(urn)})&queryType=${metric}&aggregation=TOTAL`;
    const { body } = await this.request('post_metric', 'GET', `/rest/memberCreatorPostAnalytics?${query}`, { token, rest: true });
    const elements: any[] = Array.isArray(body?.elements) ? body.elements : [];
    const typeOf = (e: any) => (typeof e?.metricType === 'string' ? e.metricType : Object.values(e?.metricType ?? {})[0]);
    const match = elements.find((e) => typeOf(e) === metric) ?? elements[0];
    const count = Number(match?.count ?? 0);
    return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  }
}
