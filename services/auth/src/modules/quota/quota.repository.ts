import type { Redis } from '@postwright/platform';

export type ReservationOutcome = 'committed' | 'released' | 'expired';

/**
 * What became of a closed reservation, kept a day in Redis so a retried commit or release
 * gets the same answer (the open reservation itself lives in the user document).
 */
export function createReservationOutcomes(redis: Redis, prefix: string) {
  const key = (reservationId: string) => `${prefix}quota:outcome:${reservationId}`;
  return {
    async record(reservationId: string, outcome: ReservationOutcome): Promise<void> {
      await redis.set(key(reservationId), outcome, 'EX', 24 * 3600);
    },
    async read(reservationId: string): Promise<ReservationOutcome | null> {
      return (await redis.get(key(reservationId))) as ReservationOutcome | null;
    },
  };
}
export type ReservationOutcomes = ReturnType<typeof createReservationOutcomes>;
