/**
 * The emails about a member's LinkedIn connection ending: a week before, and once it has ended.
 * A sweep reads the connections whose next email is due (one indexed range), stores each email in
 * the outbox under a key of the member, the kind and the grant's end, and moves the connection's
 * plan on only after that, with a condition on the grant: a sweep that stops half-way, or two
 * replicas sweeping at once, store each email once, and a reconnect plans its own.
 */
import type { InternalAccount } from '@postwright/contracts';
import { AppError, type AccountsPort, type Logger, type MailOutbox } from '@postwright/platform';
import type { ConnectionRepository, StoredConnection } from '../connection/connection.repository';
import type { ExpiryEmails } from './expiry-notices.emails';
import { expiryNoticeKey, expiryNoticeStep, firstExpiryNoticeAt } from './expiry-notices.rules';

/** Connections read at once; a sweep goes on page after page while every one of a page moved on. */
const PAGE = 100;
const MAX_PAGES = 50;

export interface ExpiryNoticeDeps {
  connections: Pick<ConnectionRepository, 'dueExpiryNotices' | 'withoutExpiryNotice' | 'moveExpiryNotice'>;
  accounts: AccountsPort;
  outbox: Pick<MailOutbox, 'enqueue'>;
  emails: ExpiryEmails;
  logger: Logger;
}

export interface SweepSummary {
  /** emails stored for sending */
  queued: number;
  /** connections whose plan moved on (an email stored, already stored, or not wanted) */
  moved: number;
  /** connections left due for the next sweep (the auth service could not answer) */
  failed: number;
}

export function expiryNoticeUseCases(deps: ExpiryNoticeDeps) {
  const { connections, accounts, outbox, emails, logger } = deps;
  let planned = false;

  /** The member, when the email may go to them; a member the auth service no longer knows gets none. */
  async function recipient(userId: string): Promise<InternalAccount | null> {
    try {
      const account = await accounts.account(userId);
      return account.emailVerified && account.notifications.linkedinExpiry ? account : null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'AUTH.USER_NOT_FOUND') return null;
      throw error;
    }
  }

  /** Stores the email due for this connection if its member wants it, then moves the connection's plan on. */
  async function notify(connection: StoredConnection, now: Date): Promise<{ queued: boolean; moved: boolean }> {
    const step = expiryNoticeStep(connection, now);
    let queued = false;
    if (step.kind) {
      const account = await recipient(connection.userId);
      if (account) {
        const to = { email: account.email, firstName: account.firstName, unsubscribe: account.unsubscribe.linkedinExpiry };
        const email = step.kind === 'soon' ? emails.expiresSoon(to, step.expiresAt) : emails.expired(to);
        ({ queued } = await outbox.enqueue(expiryNoticeKey(connection.userId, step.kind, step.expiresAt), email));
        if (queued) logger.info({ userId: connection.userId, kind: step.kind, expiresAt: step.expiresAt.toISOString() }, 'LinkedIn expiry email queued');
      }
    }
    const moved = await connections.moveExpiryNotice(connection.userId, connection.accessToken, connection.expiryNoticeAt, step.next);
    return { queued, moved };
  }

  /** Plans the emails of connections stored before they existed (once per process: new ones are planned when stored). */
  async function planMissing(now: Date): Promise<void> {
    for (let page = 0; page < MAX_PAGES; page++) {
      const unplanned = await connections.withoutExpiryNotice(PAGE);
      for (const connection of unplanned) {
        let at: Date | null = null;
        try {
          at = firstExpiryNoticeAt(connection, now);
        } catch (error) {
          // grant times it cannot read: no emails rather than a sweep that stops on it every time
          logger.warn({ err: error, userId: connection.userId }, 'LinkedIn connection with unreadable grant times; no expiry emails planned');
        }
        await connections.moveExpiryNotice(connection.userId, connection.accessToken, undefined, at);
      }
      if (unplanned.length < PAGE) break;
    }
    planned = true;
  }

  return {
    /** Sends what is due at `now` (a test passes a time of its own to see a grant's week or end arrive). */
    async sweep(now: Date = new Date()): Promise<SweepSummary> {
      if (!planned) await planMissing(now);
      const summary: SweepSummary = { queued: 0, moved: 0, failed: 0 };
      for (let page = 0; page < MAX_PAGES; page++) {
        const due = await connections.dueExpiryNotices(now, PAGE);
        let failed = 0;
        let moved = 0;
        for (const connection of due) {
          try {
            const done = await notify(connection, now);
            if (done.queued) summary.queued += 1;
            if (done.moved) moved += 1;
          } catch (error) {
            failed += 1;
            logger.warn({ err: error, userId: connection.userId }, 'LinkedIn expiry email not stored; the next sweep tries again');
          }
        }
        summary.failed += failed;
        summary.moved += moved;
        // a page with failures, or where nothing moved, would come back first again: the rest waits for the next sweep
        if (due.length < PAGE || failed || !moved) break;
      }
      return summary;
    },
  };
}

export type ExpiryNoticeUseCases = ReturnType<typeof expiryNoticeUseCases>;
