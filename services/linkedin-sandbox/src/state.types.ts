/** What the sandbox keeps about members, grants, posts and faults (its state lives in state.ts). */

/** A member who signed in on the consent page. */
export interface Member {
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
  /** picture URL path on the sandbox (made absolute per request), or null for no photo */
  picture: string | null;
  headline: string;
  vanityName: string;
  locale: { country: string; language: string };
}

export interface AuthorizationRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  expiresAt: number;
}

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  sub: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

/** Every token of one consent: revoking the grant kills them all. */
export interface Grant {
  id: string;
  sub: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
  createdAt: number;
}

export interface IssuedToken {
  grantId: string;
  expiresAt: number;
  /** the fresh-token fault: this many of its first API calls are answered 401 REVOKED_ACCESS_TOKEN */
  refuseFirstCalls?: number;
}

export interface StoredPost {
  id: string;
  author: string;
  /** what the client sent, escapes included */
  commentary: string;
  /** what members see: the little text rendered, cut at the first unescaped reserved character */
  text: string;
  truncated: boolean;
  visibility: string;
  lifecycleState: string;
  apiVersion: string;
  createdAt: number;
  /** when the member deleted it on LinkedIn; a deleted post answers 404 but may still be named as a duplicate */
  deletedAt: number | null;
}

export type FaultKind = '429' | '500' | '500-after-create' | 'expired-token' | 'retired-version' | 'slow' | 'lost-response' | 'commentary-too-long' | 'fresh-token';
export const faultKinds: FaultKind[] = ['429', '500', '500-after-create', 'expired-token', 'retired-version', 'slow', 'lost-response', 'commentary-too-long', 'fresh-token'];
/** Faults that wait for an event of their own instead of the next API call: `fresh-token` waits for the next access token issued by a code exchange. */
export const armedFaultKinds: FaultKind[] = ['fresh-token'];

export interface Fault {
  id: string;
  kind: FaultKind;
  remaining: number;
  /** path prefix the fault applies to; default: every API call (/v2, /rest) */
  path: string | null;
  delayMs: number | null;
}

export interface RequestRecord {
  method: string;
  path: string;
  /** path and query string as sent */
  url: string;
  status: number;
  at: number;
}

/** One member's calls to one resource on one UTC day (sandbox clock): what LinkedIn's member limit counts. */
export interface CallCount {
  /** YYYY-MM-DD, UTC */
  day: string;
  member: string;
  /** the API path, e.g. /rest/memberCreatorPostAnalytics */
  resource: string;
  /** calls answered, counted against the limit */
  calls: number;
  /** calls refused with 429 because the limit was reached */
  throttled: number;
}

/** How many UTC days of call counts are kept for GET /__sandbox/calls. */
