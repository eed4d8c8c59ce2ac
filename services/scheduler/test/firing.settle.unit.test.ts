import type { PublicationReport, TransitionRequest } from '@postwright/contracts';
import { moveItemBack } from '../src/modules/firing/firing.settle';
import { awaitsDraftSync } from '../src/modules/schedule/schedule.states';
import type { CancelledSchedule, ContentAnswer, ContentPort, FailedSchedule, Schedule } from '../src/modules/schedule/schedule.types';
import { written } from './support/schedules';

/** What settling tells the content service when a schedule ends without a post (no database, no HTTP). */
describe('moving an item back', () => {
  /** A content service that records what it is asked and answers 409, as for an item that moved on. */
  function recordingContent() {
    const calls: Array<{ call: 'report'; contentId: string; report: PublicationReport } | { call: 'transition'; contentId: string; request: TransitionRequest }> = [];
    const answer: ContentAnswer = { ok: false, status: 409, message: 'moved on' };
    const content: ContentPort = {
      get: async () => null,
      transition: async (contentId, request) => {
        calls.push({ call: 'transition', contentId, request });
        return answer;
      },
      report: async (contentId, report) => {
        calls.push({ call: 'report', contentId, report });
        return answer;
      },
    };
    return { content, calls };
  }

  const awaitingSync = (schedule: Schedule): FailedSchedule | CancelledSchedule => {
    if (!awaitsDraftSync(schedule)) throw new Error(`not awaiting a draft sync: ${schedule.status}`);
    return schedule;
  };

  test('when a scheduled publish was given up, then the content service gets a final failure report with the reason', async () => {
    const { content, calls } = recordingContent();
    await moveItemBack(content, awaitingSync(written.failed({ syncError: 'Your LinkedIn connection expired', syncUnconfirmed: true })));
    expect(calls).toEqual([
      {
        call: 'report',
        contentId: 'c1',
        report: { outcome: 'failed', requestId: 'r1', userId: 'u1', reason: 'Your LinkedIn connection expired', retryable: false, unconfirmed: true },
      },
    ]);
  });

  test('when an item was unscheduled, then it is a plain move from scheduled back to draft', async () => {
    const { content, calls } = recordingContent();
    await moveItemBack(content, awaitingSync(written.cancelled()));
    expect(calls).toEqual([{ call: 'transition', contentId: 'c1', request: { userId: 'u1', from: ['scheduled'], to: 'draft', scheduledFor: null } }]);
  });

  test("when the content service answers that the item moved on, then that answer is the caller's to read", async () => {
    const { content } = recordingContent();
    expect(await moveItemBack(content, awaitingSync(written.cancelled()))).toEqual({ ok: false, status: 409, message: 'moved on' });
  });
});
