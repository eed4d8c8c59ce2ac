import type { EventPayload } from '@postwright/contracts';
import { afterFailure, reconcileStep, type ReconcileView } from '../src/modules/firing/firing.rules';
import type { Schedule } from '../src/modules/schedule/schedule.types';
import { T0, written } from './support/schedules';

/** The firing's decisions: what settling does with a failed publish, what the reconciler does with each schedule (no database). */
describe('firing rules', () => {
  const settings = { retryBaseMs: 30_000, retryWindowMs: 600_000, instanceTtlMs: 5_000, reemitAfterMs: 60_000 };
  const at = (ms: number) => new Date(T0.getTime() + ms);
  const failure = (fields: Partial<EventPayload<'linkedin.post.failed'>> = {}): EventPayload<'linkedin.post.failed'> => ({
    requestId: 'r1',
    contentId: 'c1',
    userId: 'u1',
    reason: 'LinkedIn is busy',
    unconfirmed: false,
    retryable: true,
    ...fields,
  });

  describe('after a failed publish', () => {
    test('when the failure is transient and the retry falls within the window, then a new plan, each attempt twice as late', () => {
      expect([1, 2, 3, 4].map((attempts) => afterFailure(written.firing({ attempts }), failure(), at(1_000), settings))).toEqual(
        [30_000, 60_000, 120_000, 240_000].map((delay) => expect.objectContaining({ action: 'retry', dueAt: at(1_000 + delay) })),
      );
    });

    test("when the retry would fall after the window from the user's time, then it gives up; exactly at the window's end it retries", () => {
      // attempt 5: 480 s later; the window is 600 s after the user's time
      expect(afterFailure(written.firing({ attempts: 5 }), failure(), at(120_000), settings).action).toBe('retry');
      expect(afterFailure(written.firing({ attempts: 5 }), failure(), at(120_001), settings).action).toBe('give-up');
    });

    test("when a retry's own due time is later than the user's, then the window still counts from the user's time", () => {
      const retried = written.firing({ attempts: 2, dueAt: at(30_000) });
      expect(afterFailure(retried, failure(), at(540_000), settings).action).toBe('retry');
      expect(afterFailure(retried, failure(), at(540_001), settings).action).toBe('give-up');
    });

    test('when LinkedIn said no for good, or its answer was lost, then it gives up at once', () => {
      expect(afterFailure(written.firing(), failure({ retryable: false }), at(1_000), settings)).toMatchObject({ action: 'give-up', schedule: { requestId: 'r1' } });
      expect(afterFailure(written.firing(), failure({ unconfirmed: true }), at(1_000), settings).action).toBe('give-up');
    });

    test('when the failure is redelivered after giving up, then the content service is told again', () => {
      expect(afterFailure(written.failed(), failure(), at(1_000), settings)).toMatchObject({ action: 'sync-again', schedule: { status: 'failed' } });
    });

    test.each<[string, Schedule | null, Partial<EventPayload<'linkedin.post.failed'>>]>([
      ['a publish-now failure', written.firing(), { requestId: null }],
      ['no schedule', null, {}],
      ["another plan's failure (rescheduled or retried since)", written.firing({ requestId: 'r2' }), {}],
      ['a schedule pending again', written.pending(), {}],
      ['a schedule being prepared', written.preparing(), {}],
      ['an unscheduled item', written.cancelled(), {}],
    ])('when the failure is %s, then it is ignored', (_, schedule, fields) => {
      expect(afterFailure(schedule, failure(fields), at(1_000), settings)).toEqual({ action: 'ignore' });
    });
  });

  describe('a reconciler pass', () => {
    const view = (fields: Partial<ReconcileView> = {}): ReconcileView => ({ at: T0.getTime(), instanceId: 'replica-b', unsent: new Map(), settings, ...fields });
    const plan = { contentId: 'c1', requestId: 'r1', dueAt: T0.getTime() };

    test('when a pending schedule is due soon or barely due, then its timer is armed again; overdue by more than the grace, it is fired', () => {
      expect(reconcileStep(written.pending(), view({ at: T0.getTime() - 10_000 }))).toEqual({ step: 'rearm', plan });
      expect(reconcileStep(written.pending(), view({ at: T0.getTime() + 499 }))).toEqual({ step: 'rearm', plan });
      expect(reconcileStep(written.pending(), view({ at: T0.getTime() + 500 }))).toEqual({ step: 'fire', plan });
    });

    test('when a claim is younger than a heartbeat timeout, or this replica still has to emit it, then it is left alone', () => {
      expect(reconcileStep(written.firing(), view({ at: T0.getTime() + 4_999 })).step).toBe('none');
      expect(reconcileStep(written.firing(), view({ at: T0.getTime() + 120_000, unsent: new Map([['c1', null]]) })).step).toBe('none');
    });

    test("when another replica's claim was never confirmed by the broker, then it is taken over if that replica is gone", () => {
      expect(reconcileStep(written.firing(), view({ at: T0.getTime() + 5_000 }))).toMatchObject({ step: 'take-over-if-gone', schedule: { claimedBy: 'replica-a' } });
    });

    test("when the claim is this replica's own, or the broker confirmed it, then its outcome is awaited", () => {
      expect(reconcileStep(written.firing({ claimedBy: 'replica-b' }), view({ at: T0.getTime() + 5_000 })).step).toBe('none');
      expect(reconcileStep(written.firing({ emittedAt: T0 }), view({ at: T0.getTime() + 5_000 })).step).toBe('none');
    });

    test('when a claim has had no outcome for long, then it is asked again, whoever holds it and whatever the broker said', () => {
      for (const claim of [written.firing(), written.firing({ claimedBy: 'replica-b' }), written.firing({ emittedAt: T0 })]) {
        expect(reconcileStep(claim, view({ at: T0.getTime() + 60_000 })).step).toBe('ask-again');
      }
    });

    test('when a schedule is left preparing and its mutex expired, then the content item settles it; while the mutex is held, nothing', () => {
      const preparing = written.preparing({ lockUntil: at(15_000) });
      expect(reconcileStep(preparing, view({ at: T0.getTime() + 15_000 })).step).toBe('none');
      expect(reconcileStep(preparing, view({ at: T0.getTime() + 15_001 })).step).toBe('settle-preparing');
    });

    test('when an item still has to go back to draft, then the reconciler moves it, once the operation that asked for it had a second and its mutex is free', () => {
      for (const schedule of [written.failed(), written.cancelled()]) {
        expect(reconcileStep(schedule, view({ at: T0.getTime() + 1_000 })).step).toBe('none');
        expect(reconcileStep(schedule, view({ at: T0.getTime() + 1_001 })).step).toBe('sync-to-draft');
      }
      expect(reconcileStep(written.cancelled({ lockUntil: at(5_000) }), view({ at: T0.getTime() + 2_000 })).step).toBe('none');
    });
  });
});
