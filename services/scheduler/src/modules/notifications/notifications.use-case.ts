/**
 * The member's emails about their scheduled posts: published, or given up. Each event becomes at
 * most one email, stored in the outbox under a key named after the event's post and request, so
 * an event delivered twice (or published twice) is sent once. Members whose address is not
 * verified, or who turned that kind of email off, get nothing, and nothing is stored for them.
 */
import { postTextOf, type EventPayload, type InternalAccount, type NotificationKind } from '@postwright/contracts';
import { AppError, type AccountsPort, type Logger, type MailOutbox } from '@postwright/platform';
import type { ContentPort } from '../schedule/schedule.types';
import type { NotificationEmails } from './notifications.emails';

/** The email quotes the post's first line up to this length, so the member knows which post it is. */
const LINE_MAX = 120;

export interface NotificationDeps {
  accounts: AccountsPort;
  content: Pick<ContentPort, 'get'>;
  outbox: Pick<MailOutbox, 'enqueue'>;
  emails: NotificationEmails;
  logger: Logger;
}

/** The post's first line (or its topic when it has no text), shortened to LINE_MAX. */
export function postLine(item: Parameters<typeof postTextOf>[0] & { topic: string }): string | null {
  const line = postTextOf(item).split('\n').map((l) => l.trim()).find(Boolean) ?? item.topic.trim();
  if (!line) return null;
  return line.length > LINE_MAX ? `${line.slice(0, LINE_MAX - 1).trimEnd()}…` : line;
}

export function notificationUseCases(deps: NotificationDeps) {
  const { accounts, content, outbox, emails, logger } = deps;

  /** The member, when this kind of email may go to them. An auth service that cannot answer throws: the event is tried again. */
  async function recipient(userId: string, kind: NotificationKind): Promise<InternalAccount | null> {
    let account: InternalAccount;
    try {
      account = await accounts.account(userId);
    } catch (error) {
      // the account is gone: nobody to tell
      if (error instanceof AppError && error.code === 'AUTH.USER_NOT_FOUND') return null;
      throw error;
    }
    return account.emailVerified && account.notifications[kind] ? account : null;
  }

  async function lineOf(contentId: string, userId: string): Promise<string | null> {
    const item = await content.get({ id: contentId, userId });
    return item ? postLine(item) : null;
  }

  const to = (account: InternalAccount, kind: NotificationKind) => ({ email: account.email, firstName: account.firstName, unsubscribe: account.unsubscribe[kind] });

  return {
    async onPublished(event: EventPayload<'linkedin.post.published'>): Promise<void> {
      // published now: the member was there and saw it
      if (!event.requestId) return;
      const account = await recipient(event.userId, 'postPublished');
      if (!account) return;
      const email = emails.postPublished(to(account, 'postPublished'), {
        line: await lineOf(event.contentId, event.userId),
        publishedAt: new Date(event.publishedAt),
        url: event.url,
      });
      const { queued } = await outbox.enqueue(`scheduled-published:${event.contentId}:${event.requestId}`, email);
      if (queued) logger.info({ contentId: event.contentId, userId: event.userId }, 'published post email queued');
    },

    async onGivenUp(event: EventPayload<'schedule.failed'>): Promise<void> {
      const account = await recipient(event.userId, 'postFailed');
      if (!account) return;
      const email = emails.postFailed(to(account, 'postFailed'), {
        line: await lineOf(event.contentId, event.userId),
        scheduledFor: new Date(event.scheduledFor),
        reason: event.reason,
        unconfirmed: event.unconfirmed,
      });
      const { queued } = await outbox.enqueue(`scheduled-failed:${event.contentId}:${event.requestId}`, email);
      if (queued) logger.info({ contentId: event.contentId, userId: event.userId }, 'failed post email queued');
    },
  };
}

export type NotificationUseCases = ReturnType<typeof notificationUseCases>;
