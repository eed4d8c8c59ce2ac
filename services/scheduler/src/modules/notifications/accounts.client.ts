import { accountsClient, type AccountsPort } from '@postwright/platform';
import type { InternalAccount } from '@postwright/contracts';

/**
 * How long a member's account, as the auth service answered it, answers the next notification
 * of theirs too: a burst of one member's scheduled posts reads it about once a second instead of
 * once a post (as the LinkedIn service reads a member's connection). A member who
 * just turned an email off is heard at most this late.
 */
export const RECENT_ACCOUNT_MS = 1_000;
/** past this many members held, the ones read longer than RECENT_ACCOUNT_MS ago are dropped */
const RECENT_MAX = 1_000;

/** The auth service's accounts, each read shared by the notifications of the same member within RECENT_ACCOUNT_MS. */
export function recentAccounts(accounts: AccountsPort, now: () => number = Date.now): AccountsPort {
  const recent = new Map<string, { read: Promise<InternalAccount>; at: number }>();
  return {
    account(userId) {
      const at = now();
      const held = recent.get(userId);
      if (held && at - held.at < RECENT_ACCOUNT_MS) return held.read;
      if (recent.size >= RECENT_MAX) for (const [user, entry] of recent) if (at - entry.at >= RECENT_ACCOUNT_MS) recent.delete(user);
      const read = accounts.account(userId);
      const entry = { read, at };
      recent.set(userId, entry);
      // a failed read is not kept: the next notification asks again
      read.catch(() => {
        if (recent.get(userId) === entry) recent.delete(userId);
      });
      return read;
    },
  };
}

/** The accounts the notifications read: the auth service's internal API, each member read at most once a RECENT_ACCOUNT_MS. */
export function notificationAccounts(options: { authUrl: string; internalToken: string }): AccountsPort {
  return recentAccounts(accountsClient(options));
}
