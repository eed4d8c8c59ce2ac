import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationKinds, type NotificationKind } from '@postwright/contracts';

/**
 * The token of an unsubscribe link: `<userId>.<kind>.<signature>`, signed with a key derived from
 * the internal token for this one use, so a link names one member's one kind of email and cannot
 * be made up. It does not expire: a link in an old email still works, as mail clients expect.
 */
export function unsubscribeTokens(internalToken: string) {
  const key = createHmac('sha256', internalToken).update('postwright-unsubscribe-v1').digest();
  const sign = (userId: string, kind: NotificationKind) => createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url');
  return {
    make: (userId: string, kind: NotificationKind) => `${userId}.${kind}.${sign(userId, kind)}`,
    read(token: string): { userId: string; kind: NotificationKind } | null {
      const [userId, kind, signature, extra] = token.split('.');
      if (extra !== undefined || !userId || !signature || !(notificationKinds as readonly string[]).includes(kind)) return null;
      const expected = Buffer.from(sign(userId, kind as NotificationKind));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind: kind as NotificationKind } : null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
