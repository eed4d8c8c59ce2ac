import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ContentType } from '@postwright/contracts';
import { ApiError, errorMessage } from '../../lib/api-client';
import { scheduleSuggestionsQuery } from '../../lib/content-api';
import { insightsQuery } from '../../lib/insights-query';
import { browserTimeZone, formatLongDate, formatSlot, fromLocalInputValue, nextMinuteAfter, timeZoneLabel, toIsoWithOffset, toLocalInputValue } from '../../lib/datetime';
import { useMemberId } from '../../lib/query-client';
import { minimumLeadHint, tooSoonMessage, useCalendarSettings } from '../../lib/use-calendar-settings';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Input } from '../ui/field';
import { IconCalendar, IconClock } from '../ui/icons';
import { Modal } from '../ui/modal';
import { bestTimesTitle, frameworkTitle, upcomingBestTimes } from './best-times';
import styles from './schedule-modal.module.css';

export const SCHEDULE_FAILED = 'Failed to schedule content';

/** A time after the LinkedIn connection ends: without a reconnect first, the post would not go out. */
export const expiresBeforeMessage = (endsAt: string) =>
  `Your LinkedIn connection expires on ${formatLongDate(endsAt)}, before this time. Reconnect LinkedIn before then or this post will not be published.`;

/** The scheduler's refusals that are about the time itself: shown on the field. */
const TIME_CODES = new Set<string>(['SCHEDULE.TOO_SOON', 'SCHEDULE.TOO_FAR', 'SCHEDULE.INVALID_TIME']);

/**
 * What onConfirm throws when it failed before asking the scheduler (saving the edits first):
 * its message is shown as it is.
 */
export class ScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleError';
  }
}

export interface SchedulableItem {
  id: string;
  topic: string;
  contentType: ContentType;
  /** the current slot of a scheduled item: Reschedule opens on it */
  scheduledFor?: string | null;
}

function earliest(leadSeconds: number): Date {
  return nextMinuteAfter(new Date(), leadSeconds * 1000);
}

/** A scheduled item opens on its own slot (while it is still ahead); a new one at the earliest time allowed. */
function startValue(item: Pick<SchedulableItem, 'scheduledFor'>, leadSeconds: number): string {
  const current = item.scheduledFor ? new Date(item.scheduledFor) : null;
  if (current && !Number.isNaN(current.getTime()) && current.getTime() > Date.now()) return toLocalInputValue(current);
  return toLocalInputValue(earliest(leadSeconds));
}

/** The field's message for a value, or null when it may be sent. */
function checkTime(value: string, leadSeconds: number): string | null {
  const at = fromLocalInputValue(value);
  if (!at) return value.trim() ? 'Enter a date and time' : null;
  return at.getTime() < Date.now() + leadSeconds * 1000 ? tooSoonMessage(leadSeconds) : null;
}

/** The error to show for a failed confirm, and whether it belongs to the field. */
function describeFailure(failure: unknown): { text: string; onField: boolean } {
  if (failure instanceof ScheduleError) return { text: failure.message, onField: false };
  const onField = failure instanceof ApiError && ((failure.code !== undefined && TIME_CODES.has(failure.code)) || Boolean(failure.body?.details?.scheduledFor));
  return { text: errorMessage(failure, SCHEDULE_FAILED), onField };
}

/**
 * The schedule modal: the topic, a datetime-local input, Confirm Schedule
 * (disabled until a time is chosen) and Cancel. The minimum lead is the scheduler's own
 * (GET /api/calendar/settings, 1 hour by default): the input's minimum, the hint ("Minimum 1 hour
 * from now") and a check on the field before anything is sent. A new schedule starts at the
 * earliest time allowed; a reschedule on the item's current slot. Beyond the spec it offers
 * times: the member's best weekday-hours when their insights have enough posts to name them,
 * else the next slots on the type's framework day, and says which. The server still has the last word: its refusal is
 * shown here (on the field when it is about the time) and the modal stays open. A time after
 * the LinkedIn connection ends (60 days after connecting, for apps LinkedIn gives no refresh
 * token) is allowed, with a warning that the member must reconnect before then.
 */
export function ScheduleModal({
  item,
  open,
  onClose,
  onConfirm,
  reschedule = false,
  connectionEndsAt = null,
}: {
  item: SchedulableItem | null;
  open: boolean;
  onClose: () => void;
  /** gets ISO 8601 with the browser's offset; reject to show the error in the modal */
  onConfirm: (scheduledFor: string) => Promise<void>;
  /** a scheduled post is given a new time: the modal says so in its title and its button */
  reschedule?: boolean;
  /** when the member's LinkedIn connection ends (ISO 8601), if known */
  connectionEndsAt?: string | null;
}) {
  const { minimumLeadSeconds: lead } = useCalendarSettings();
  /** what the user typed or picked during this opening; until then the start value stands */
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // each opening (for an item) starts afresh
  const openKey = open && item ? item.id : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (openKey !== openedFor) {
    setOpenedFor(openKey);
    setTyped(null);
    setError(null);
    setFieldError(null);
    setBusy(false);
  }

  const itemId = item?.id;
  const contentType = item?.contentType;
  const scheduledFor = item?.scheduledFor ?? null;
  // the start value and the minimum follow the server's lead (they are read when it changes or the modal opens)
  const start = useMemo(
    () => (openKey ? startValue({ scheduledFor }, lead) : ''),
    [openKey, scheduledFor, lead],
  );
  const min = useMemo(() => (openKey ? toLocalInputValue(earliest(lead)) : ''), [openKey, lead]);
  const value = typed ?? start;

  const memberId = useMemberId();
  const timeZone = browserTimeZone();
  // suggestions are a help, not a requirement: a failure shows none (or, for the best times, the framework's)
  const insights = useQuery({ ...insightsQuery(memberId, '90d', timeZone), enabled: open && Boolean(itemId) && memberId !== '' });
  const best = insights.data?.recommendations.times?.slots.length ? insights.data.recommendations.times : null;
  const insightsSettled = memberId === '' || insights.isSuccess || insights.isError;
  const suggestions = useQuery({
    ...scheduleSuggestionsQuery(memberId, contentType ?? 'framework', timeZone),
    enabled: open && Boolean(itemId && contentType) && insightsSettled && !best,
  });
  const frameworkSlots = suggestions.data?.slots;
  const slots = useMemo(() => {
    if (best) return upcomingBestTimes(best.slots, lead).map((at) => at.toISOString());
    return Array.isArray(frameworkSlots) ? frameworkSlots.slice(0, 4) : [];
  }, [best, lead, frameworkSlots]);
  const slotsTitle = best && insights.data ? bestTimesTitle(best.slots[0], insights.data.byWeekdayHour) : contentType ? frameworkTitle(contentType) : '';

  function change(next: string) {
    setTyped(next);
    setError(null);
    setFieldError(checkTime(next, lead));
  }

  async function confirm() {
    if (busy) return;
    const at = fromLocalInputValue(value);
    const problem = checkTime(value, lead);
    if (!at || problem) {
      setFieldError(problem ?? 'Enter a date and time');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await onConfirm(toIsoWithOffset(at));
    } catch (failure) {
      const { text, onField } = describeFailure(failure);
      if (onField) {
        setFieldError(text);
        inputRef.current?.focus();
      } else {
        setError(text);
      }
      setBusy(false);
    }
  }

  const chosen = fromLocalInputValue(value);
  // an unreadable end time compares as NaN: no warning
  const expiryWarning = chosen && connectionEndsAt && chosen.getTime() > Date.parse(connectionEndsAt) ? expiresBeforeMessage(connectionEndsAt) : null;
  const chosenSlot = slots.find((slot) => {
    const at = new Date(slot);
    return !Number.isNaN(at.getTime()) && toLocalInputValue(at) === value;
  });

  return (
    <Modal
      open={open && Boolean(item)}
      onClose={busy ? () => {} : onClose}
      title={reschedule ? 'Reschedule post' : 'Schedule post'}
      description={item ? <span data-testid="schedule-topic">{item.topic}</span> : null}
      initialFocusRef={inputRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={confirm} disabled={!value.trim()} loading={busy} icon={<IconCalendar size={16} />}>
            {reschedule ? (busy ? 'Rescheduling...' : 'Confirm new time') : busy ? 'Scheduling...' : 'Confirm Schedule'}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <Input
          ref={inputRef}
          label="Date and time"
          type="datetime-local"
          value={value}
          min={min}
          // the times here are the member's own: the zone is named, as it is beside every scheduled time
          hint={
            <>
              <span>{minimumLeadHint(lead)}</span>
              <span data-testid="schedule-time-zone">{` · Your time zone: ${timeZoneLabel(chosen ?? new Date())}`}</span>
            </>
          }
          error={fieldError ? <span role="alert">{fieldError}</span> : undefined}
          onChange={(event) => change(event.target.value)}
        />
        {slots.length > 0 && slotsTitle ? (
          <div className={styles.suggestions} data-source={best ? 'best-times' : 'framework'}>
            <p className={styles.suggestionsTitle} id="schedule-suggestions-title">
              <IconClock size={16} />
              {slotsTitle}
            </p>
            <div className={styles.slots} role="group" aria-labelledby="schedule-suggestions-title">
              {slots.map((slot) => (
                <button
                  key={slot}
                  type="button"
                  className={cx(styles.slot, chosenSlot === slot && styles.slotActive)}
                  aria-pressed={chosenSlot === slot}
                  onClick={() => change(toLocalInputValue(new Date(slot)))}
                >
                  {formatSlot(slot)}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {expiryWarning ? <Alert tone="warning">{expiryWarning}</Alert> : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
