import { awaitsDraftSync, isFiring, isPending, planOf, readSchedule } from '../src/modules/schedule/schedule.states';
import type { ScheduleRecord } from '../src/modules/schedule/schedule.types';
import { buildRecord, T0, written } from './support/schedules';

/** A stored schedule read as the state it is in (no database). */
describe('schedule states', () => {
  test.each(['preparing', 'pending', 'firing', 'failed', 'cancelled'] as const)('when a %s record is read as this service writes it, then it is that state with its fields as stored', (status) => {
    const schedule = written[status]();
    expect(schedule.status).toBe(status);
    expect(schedule).toMatchObject({ contentId: 'c1', userId: 'u1', requestId: 'r1', scheduledFor: T0, dueAt: T0 });
  });

  test('when a firing record is read, then its claim is known', () => {
    const schedule = readSchedule(buildRecord({ status: 'firing', claimedBy: 'replica-a', claimedAt: T0 }));
    expect(isFiring(schedule) && { by: schedule.claimedBy, at: schedule.claimedAt.toISOString() }).toEqual({ by: 'replica-a', at: T0.toISOString() });
  });

  test('when a failed record is read, then its reason is known', () => {
    const schedule = readSchedule(buildRecord({ status: 'failed', lastError: 'Expired', syncError: 'Expired', syncToDraft: true }));
    expect(schedule?.status === 'failed' && schedule.syncError.length).toBe('Expired'.length);
  });

  test.each<[string, Partial<ScheduleRecord>]>([
    ['no owner', { userId: null }],
    ['no request id', { requestId: null }],
    ['no time', { scheduledFor: null }],
    ['no due time', { dueAt: null }],
    ['firing without a claimant', { status: 'firing', claimedBy: null, claimedAt: T0 }],
    ['firing without a claim time', { status: 'firing', claimedBy: 'replica-a', claimedAt: null }],
    ['failed without a reason', { status: 'failed', lastError: null, syncError: 'Expired', syncToDraft: true }],
    ['failed without the reason to report', { status: 'failed', lastError: 'Expired', syncError: null, syncToDraft: true }],
  ])('when a record has %s, then it fits no state and reads as no schedule', (_, overrides) => {
    expect(readSchedule(buildRecord(overrides))).toBeNull();
  });

  test('when a record has a status this service no longer writes, then it reads as no schedule', () => {
    const legacy = { ...buildRecord(), status: 'published' } as unknown as ScheduleRecord;
    expect(readSchedule(legacy)).toBeNull();
  });

  test('when the guards are asked, then they answer by status, and null is none of them', () => {
    expect([isPending(written.pending()), isPending(written.firing()), isPending(null)]).toEqual([true, false, false]);
    expect([isFiring(written.firing()), isFiring(written.pending()), isFiring(null)]).toEqual([true, false, false]);
  });

  test('when a schedule is given up or unscheduled with the item not moved back, then it awaits the draft sync; nothing else does', () => {
    expect(awaitsDraftSync(written.failed())).toBe(true);
    expect(awaitsDraftSync(written.cancelled())).toBe(true);
    expect(awaitsDraftSync(written.cancelled({ syncToDraft: false }))).toBe(false);
    for (const schedule of [written.preparing(), written.pending(), written.firing(), null]) expect(awaitsDraftSync(schedule)).toBe(false);
  });

  test("when a pending schedule is armed, then the timer's job names its plan and its due millisecond", () => {
    const schedule = written.pending({ dueAt: new Date(T0.getTime() + 60_000), requestId: 'r2' });
    expect(isPending(schedule) && planOf(schedule)).toEqual({ contentId: 'c1', requestId: 'r2', dueAt: T0.getTime() + 60_000 });
  });
});
