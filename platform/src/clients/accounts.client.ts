import { internalAccountResponseSchema, type InternalAccount } from '@postwright/contracts';
import { AppError } from '../errors';
import { createInternalClient } from '../internal-client';

/** The members, as the auth service (their owner) tells them: one client for every service that asks (billing, scheduler, linkedin). */
export interface AccountsPort {
  account(userId: string): Promise<InternalAccount>;
}

export function accountsClient(options: { authUrl: string; internalToken: string }): AccountsPort {
  const auth = createInternalClient({ service: 'auth', baseUrl: options.authUrl, token: options.internalToken, timeoutMs: 5_000 });
  return {
    async account(userId) {
      const res = await auth.request<unknown>('GET', `/internal/users/${encodeURIComponent(userId)}/account`);
      // the account behind a still-valid token is gone: the session is no longer good
      if (res.status === 404) throw AppError.of('AUTH.USER_NOT_FOUND');
      const parsed = internalAccountResponseSchema.safeParse(res.body);
      if (res.status !== 200 || !parsed.success) {
        throw AppError.of('DEPENDENCY.UNAVAILABLE', { message: 'The auth service is unavailable. Please try again.', cause: { status: res.status, body: res.body } });
      }
      return parsed.data.account;
    },
  };
}
