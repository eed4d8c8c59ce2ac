import type { InternalAccount } from '@postwright/contracts';
import { AppError } from '@postwright/platform';
import { RECENT_ACCOUNT_MS, recentAccounts } from '../src/modules/notifications/accounts.client';
import { emailTime } from '../src/modules/notifications/notifications.emails';
import { postLine } from '../src/modules/notifications/notifications.use-case';

/** The pieces of the notification emails that need no service: which line names the post, when, and how often the member is read. */
describe('notification emails, without a service', () => {
  const item = (fields: { finalContent?: string | null; selectedHook?: string | null; generatedContent?: string; topic?: string }) => ({
    finalContent: null,
    selectedHook: null,
    generatedContent: '',
    topic: 'Hiring with work samples',
    ...fields,
  });

  test('when the post has text, then the email names it by its first line that is not blank', () => {
    expect(postLine(item({ finalContent: '\n  Work samples beat whiteboards.  \n\nHere is why.' }))).toBe('Work samples beat whiteboards.');
    expect(postLine(item({ selectedHook: 'Stop asking puzzles.', generatedContent: 'Ask for a work sample.' }))).toBe('Stop asking puzzles.');
  });

  test('when the post has no text, then by its topic; when it has neither, then by nothing', () => {
    expect(postLine(item({ generatedContent: '   ' }))).toBe('Hiring with work samples');
    expect(postLine(item({ topic: ' ' }))).toBeNull();
  });

  test('when the first line is long, then it is cut at 120 characters with an ellipsis', () => {
    const line = postLine(item({ finalContent: `${'word '.repeat(40)}\nsecond line` }))!;
    expect(line).toHaveLength(120);
    expect(line.endsWith('word…')).toBe(true);
  });

  test('when a time is written, then it names its zone, since members keep none', () => {
    expect(emailTime(new Date('2027-03-04T09:05:00Z'))).toBe('Thursday, March 4, 2027 at 9:05 AM UTC');
  });

  describe('the accounts read for them', () => {
    const account = (id: string) => ({ id, email: `${id}@example.com` }) as InternalAccount;
    const counting = (answer: (userId: string) => Promise<InternalAccount>) => {
      const reads: string[] = [];
      return { reads, port: { account: (userId: string) => (reads.push(userId), answer(userId)) } };
    };

    test('when one member has several posts within a second, then the auth service is asked once; after the second, again', async () => {
      let now = 1_000_000;
      const { reads, port } = counting(async (id) => account(id));
      const accounts = recentAccounts(port, () => now);
      await Promise.all([accounts.account('u1'), accounts.account('u1'), accounts.account('u2')]);
      now += RECENT_ACCOUNT_MS - 1;
      expect(await accounts.account('u1')).toMatchObject({ email: 'u1@example.com' });
      expect(reads).toEqual(['u1', 'u2']);
      now += 1;
      await accounts.account('u1');
      expect(reads).toEqual(['u1', 'u2', 'u1']);
    });

    test('when a read fails, then it is not kept: the next notification asks again', async () => {
      let fail = true;
      const { reads, port } = counting(async (id) => {
        if (fail) throw AppError.of('DEPENDENCY.UNAVAILABLE');
        return account(id);
      });
      const accounts = recentAccounts(port, () => 5_000);
      await expect(accounts.account('u1')).rejects.toMatchObject({ code: 'DEPENDENCY.UNAVAILABLE' });
      fail = false;
      await expect(accounts.account('u1')).resolves.toMatchObject({ id: 'u1' });
      expect(reads).toEqual(['u1', 'u1']);
    });
  });
});
