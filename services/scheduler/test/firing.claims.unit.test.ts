import { createLogger } from '@postwright/platform';
import { firingUseCases } from '../src/modules/firing/firing.use-case';
import type { ContentPort, EventsPort, FiringSchedule, Schedule, ScheduleRepository, TimerPort } from '../src/modules/schedule/schedule.types';
import { T0, written } from './support/schedules';

/**
 * The claim check (every interval, beside the whole pass): it reads the claims under way alone, so
 * a replica that died holding claims it had not emitted is taken over within seconds even while
 * the whole pass is slow (no database: the store answers from memory, and fails the test if the
 * check reads anything else).
 */
describe('the claim check', () => {
  const SETTINGS = { retryBaseMs: 1_000, retryWindowMs: 60_000, instanceTtlMs: 4_000, reemitAfterMs: 120_000, reconcileIntervalMs: 2_000 };

  function setUp(initial: Schedule[], options: { live: string[] }) {
    let claims = initial;
    let takeOversUnderWay = 0;
    let mostTakeOversAtOnce = 0;
    let clock = T0.getTime() + 5_000;
    const published: unknown[] = [];
    const takenOver: string[] = [];
    const noted: string[] = [];
    const store: Partial<ScheduleRepository> = {
      claimed: async () => claims,
      liveInstances: async () => new Set(options.live),
      takeOver: async (contentId, requestId, from, to) => {
        const claim = claims.find((c) => c.contentId === contentId && c.status === 'firing' && c.requestId === requestId && c.claimedBy === from);
        if (!claim) return null;
        // a round trip: the other take-overs may start meanwhile
        mostTakeOversAtOnce = Math.max(mostTakeOversAtOnce, ++takeOversUnderWay);
        await new Promise((resolve) => setImmediate(resolve));
        takeOversUnderWay--;
        takenOver.push(contentId);
        return { ...claim, claimedBy: to } as FiringSchedule;
      },
      markEmitted: async (claim) => void noted.push(claim.contentId),
    };
    // anything else the check touched would be a read of the whole collection, or a write it must not make
    const repo = new Proxy(store, {
      get: (target, name) => target[name as keyof ScheduleRepository] ?? (() => Promise.reject(new Error(`the claim check called repo.${String(name)}`))),
    }) as ScheduleRepository;
    const events: EventsPort = { publish: async (_type, payload) => void published.push(payload) };
    const unused = () => Promise.reject(new Error('not expected'));
    const content: ContentPort = { get: unused, transition: unused, report: unused };
    const timer: TimerPort = { arm: unused, isIntact: unused, markIntact: unused };
    const firing = firingUseCases({
      repo,
      content,
      events,
      timer,
      logger: createLogger('scheduler-test', 'silent'),
      instanceId: 'replica-b',
      settings: SETTINGS,
      now: () => new Date(clock),
    });
    return {
      firing,
      published,
      takenOver,
      noted,
      mostTakeOversAtOnce: () => mostTakeOversAtOnce,
      /** what the store holds next, and the time */
      later: (ms: number, next: Schedule[]) => {
        clock += ms;
        claims = next;
      },
    };
  }

  test('when a replica died holding a claim it had not emitted, then the check takes it over and emits its request with the same id', async () => {
    const { firing, published, takenOver } = setUp([written.firing()], { live: ['replica-b'] });
    await firing.reconcileClaims();
    expect(takenOver).toEqual(['c1']);
    // the request names the item and its time; the LinkedIn service reads the text as it is then
    expect(published).toEqual([{ requestId: 'r1', contentId: 'c1', userId: 'u1', scheduledFor: T0.toISOString() }]);
  });

  test('when a replica died holding two batches of claims, then the check takes them over side by side, at most 16 at once, each emitted once', async () => {
    const claims = Array.from({ length: 50 }, (_, i) => written.firing({ contentId: `c${i}`, requestId: `r${i}` }));
    const { firing, published, takenOver, mostTakeOversAtOnce } = setUp(claims, { live: ['replica-b'] });
    await firing.reconcileClaims();
    expect(new Set(takenOver).size).toBe(50);
    expect(published.map((p) => (p as { requestId: string }).requestId).sort()).toEqual(claims.map((c) => c.requestId).sort());
    expect(mostTakeOversAtOnce()).toBe(16);
  });

  test('when the claimant is alive, or its request reached the broker, or the claim is this replica\'s, then the check leaves it alone', async () => {
    const claims = [written.firing({ contentId: 'live' }), written.firing({ contentId: 'emitted', claimedBy: 'replica-c', emittedAt: T0 }), written.firing({ contentId: 'own', claimedBy: 'replica-b' })];
    const { firing, published, takenOver } = setUp(claims, { live: ['replica-a', 'replica-b'] });
    await firing.reconcileClaims();
    expect(takenOver).toEqual([]);
    expect(published).toEqual([]);
  });

  test('when a request this replica emitted is still under way 10 s later, then the check notes it as emitted; one whose outcome came first is never written again', async () => {
    const dead = [written.firing({ contentId: 'slow', requestId: 'r-slow' }), written.firing({ contentId: 'quick', requestId: 'r-quick' })];
    const { firing, published, noted, later } = setUp(dead, { live: ['replica-b'] });
    await firing.reconcileClaims();
    expect(published).toHaveLength(2);
    // taken over: both are this replica's now; the quick one's outcome came and its schedule is gone
    later(5_000, [written.firing({ contentId: 'slow', requestId: 'r-slow', claimedBy: 'replica-b', claimedAt: new Date(T0.getTime() + 5_000) })]);
    await firing.reconcileClaims();
    expect(noted).toEqual([]);
    later(5_000, [written.firing({ contentId: 'slow', requestId: 'r-slow', claimedBy: 'replica-b', claimedAt: new Date(T0.getTime() + 5_000) })]);
    await firing.reconcileClaims();
    expect(noted).toEqual(['slow']);
    await firing.reconcileClaims();
    expect(noted).toEqual(['slow']);
  });
});
