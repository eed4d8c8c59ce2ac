import type { Logger } from '@postwright/platform';
import type { ContentPort, EventsPort, FiringSchedule, ScheduleRepository, TimerPort } from '../schedule/schedule.types';

export interface FiringSettings {
  retryBaseMs: number;
  retryWindowMs: number;
  instanceTtlMs: number;
  reemitAfterMs: number;
  reconcileIntervalMs: number;
}

export interface FiringDeps {
  repo: ScheduleRepository;
  content: ContentPort;
  events: EventsPort;
  timer: TimerPort;
  logger: Logger;
  instanceId: string;
  settings: FiringSettings;
  now?: () => Date;
  /** told how late each scheduled post went live: seconds from its scheduled time to LinkedIn having it */
  wentLive?: (lateSeconds: number) => void;
}

/** What the firing modules share: their dependencies, the clock, and this replica's unsent claims. */
export interface FiringContext extends Required<FiringDeps> {
  /** claims this replica won but could not emit yet (RabbitMQ unreachable): retried each tick */
  unsent: Map<string, FiringSchedule>;
  /**
   * claims this replica emitted, by content id, not yet noted as emitted: the claim check notes
   * the ones still under way after NOTE_EMITTED_AFTER_MS (firing.reconcile.ts)
   */
  emitted: Map<string, { requestId: string; at: number }>;
}
