import {
  errorBodySchema,
  isErrorCode,
  QUOTA_REFUSALS,
  quotaCommitResponseSchema,
  quotaReleaseResponseSchema,
  quotaReserveResponseSchema,
  type Usage,
} from '@postwright/contracts';
import { AppError, createInternalClient } from '@postwright/platform';

export interface Reservation {
  /** null where nothing is counted (beta, premium): nothing to commit or release */
  reservationId: string | null;
  unlimited: boolean;
  trialPostsRemaining: number | null;
  usage: Usage;
}

/** The member's posts (the trial's, or a plan's this month), owned by the auth service (reserve -> commit | release). */
export interface QuotaPort {
  /** `free`: a free "Generate again": nothing is reserved, but the member must still be able to generate */
  reserve(userId: string, options?: { free?: boolean }): Promise<Reservation>;
  commit(reservationId: string): Promise<{ trialPostsRemaining: number | null; usage: Usage }>;
  release(reservationId: string): Promise<void>;
}


const unavailable = (cause?: unknown) =>
  AppError.of('DEPENDENCY.UNAVAILABLE', { message: 'The auth service is unavailable. Please try again.', cause });

export function quotaClient(options: { authUrl: string; internalToken: string }): QuotaPort {
  const auth = createInternalClient({ service: 'auth', baseUrl: options.authUrl, token: options.internalToken, timeoutMs: 5_000 });
  return {
    async reserve(userId, options = {}) {
      const res = await auth.request<unknown>('POST', '/internal/quota/reserve', { userId, ...(options.free ? { free: true } : {}) });
      // the refusals the auth service gives a reservation are passed on as they are (code, words, reset date)
      const refusal = errorBodySchema.safeParse(res.body);
      if (refusal.success && isErrorCode(refusal.data.code) && QUOTA_REFUSALS.has(refusal.data.code)) {
        throw AppError.of(refusal.data.code, { message: refusal.data.error, details: refusal.data.details });
      }
      if (res.status === 403) throw AppError.of('TRIAL.LIMIT_REACHED');
      // the account behind a still-valid token is gone: the session is no longer good
      if (res.status === 404) throw AppError.of('AUTH.USER_NOT_FOUND');
      const parsed = quotaReserveResponseSchema.safeParse(res.body);
      if (res.status >= 300 || !parsed.success) throw unavailable({ status: res.status, body: res.body });
      return parsed.data;
    },
    async commit(reservationId) {
      const res = await auth.request<unknown>('POST', '/internal/quota/commit', { reservationId });
      const parsed = quotaCommitResponseSchema.safeParse(res.body);
      if (res.status >= 300 || !parsed.success) throw unavailable({ status: res.status, body: res.body });
      return parsed.data;
    },
    async release(reservationId) {
      const res = await auth.request<unknown>('POST', '/internal/quota/release', { reservationId });
      if (res.status >= 300 || !quotaReleaseResponseSchema.safeParse(res.body).success) throw unavailable({ status: res.status, body: res.body });
    },
  };
}
