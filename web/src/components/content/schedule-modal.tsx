import { useEffect, useRef, useState } from 'react';
import type { ContentType } from '@postwright/contracts';
import { errorMessage } from '../../lib/api-client';
import { scheduleSuggestions } from '../../lib/content-api';
import { browserTimeZone, formatSlot, fromLocalInputValue, nextMinuteAfter, toIsoWithOffset, toLocalInputValue } from '../../lib/datetime';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Input } from '../ui/field';
import { IconCalendar, IconClock } from '../ui/icons';
import { Modal } from '../ui/modal';
import { contentTypeInfo, contentTypeName } from './content-type';
import styles from './schedule-modal.module.css';

/** Spec sections 5 and 9: at least 1 hour ahead; the modal opens one hour ahead. */
export const SCHEDULE_MIN_LEAD_MS = 60 * 60 * 1000;
export const SCHEDULE_HINT = 'Minimum 1 hour from now';
export const SCHEDULE_FAILED = 'Failed to schedule content';

export interface SchedulableItem {
  id: string;
  topic: string;
  contentType: ContentType;
}

/**
 * The schedule modal (spec section 2): the topic, a datetime-local input whose minimum is now
 * plus one hour and whose value starts one hour ahead, Confirm Schedule (disabled until a time
 * is chosen) and Cancel. Beyond the spec it offers the next slots on the type's framework day,
 * from the scheduler. The server has the last word on the minimum (its message is shown here).
 */
export function ScheduleModal({
  item,
  open,
  onClose,
  onConfirm,
  title = 'Schedule post',
}: {
  item: SchedulableItem | null;
  open: boolean;
  onClose: () => void;
  /** gets ISO 8601 with the browser's offset; reject to show the error in the modal */
  onConfirm: (scheduledFor: string) => Promise<void>;
  title?: string;
}) {
  const [value, setValue] = useState('');
  const [min, setMin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [slots, setSlots] = useState<string[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);

  const itemId = item?.id;
  const contentType = item?.contentType;
  useEffect(() => {
    if (!open || !itemId || !contentType) return;
    const start = toLocalInputValue(nextMinuteAfter(new Date(), SCHEDULE_MIN_LEAD_MS));
    setValue(start);
    setMin(start);
    setError(null);
    setBusy(false);
    setSlots([]);
    const controller = new AbortController();
    scheduleSuggestions(contentType, browserTimeZone(), controller.signal)
      .then((res) => setSlots(Array.isArray(res?.slots) ? res.slots.slice(0, 4) : []))
      .catch(() => setSlots([])); // suggestions are a help, not a requirement
    return () => controller.abort();
  }, [open, itemId, contentType]);

  async function confirm() {
    const at = fromLocalInputValue(value);
    if (!at) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(toIsoWithOffset(at));
    } catch (failure) {
      setError(errorMessage(failure, SCHEDULE_FAILED));
      setBusy(false);
    }
  }

  const info = item ? contentTypeInfo[item.contentType] : null;
  const chosenSlot = slots.find((slot) => {
    const at = new Date(slot);
    return !Number.isNaN(at.getTime()) && toLocalInputValue(at) === value;
  });

  return (
    <Modal
      open={open && Boolean(item)}
      onClose={busy ? () => {} : onClose}
      title={title}
      description={item ? <span data-testid="schedule-topic">{item.topic}</span> : null}
      initialFocusRef={inputRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={confirm} disabled={!value.trim()} loading={busy} icon={<IconCalendar size={16} />}>
            {busy ? 'Scheduling...' : 'Confirm Schedule'}
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
          hint={SCHEDULE_HINT}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {slots.length > 0 && info ? (
          <div className={styles.suggestions}>
            <p className={styles.suggestionsTitle} id="schedule-suggestions-title">
              <IconClock size={16} />
              Best time for a {contentTypeName(item!.contentType)}: {info.day} morning
            </p>
            <div className={styles.slots} role="group" aria-labelledby="schedule-suggestions-title">
              {slots.map((slot) => (
                <button
                  key={slot}
                  type="button"
                  className={cx(styles.slot, chosenSlot === slot && styles.slotActive)}
                  aria-pressed={chosenSlot === slot}
                  onClick={() => {
                    setValue(toLocalInputValue(new Date(slot)));
                    setError(null);
                  }}
                >
                  {formatSlot(slot)}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
