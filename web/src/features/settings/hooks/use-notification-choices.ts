import { useEffect, useRef, useState } from 'react';
import type { NotificationKind, NotificationPreferences, User } from '@postwright/contracts';
import { updateNotifications } from '../../../lib/account-api';
import { useAuth } from '../../../lib/auth';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The notification choices, saved as each one changes. Changes go to the server one after
 * another, so answers cannot overtake each other; once the last has answered, the boxes show what
 * the server holds (a refused change springs back) and the stored user follows.
 */
export function useNotificationChoices(stored: NotificationPreferences) {
  const { updateUser } = useAuth();
  const [choices, setChoices] = useState(stored);
  const [save, setSave] = useState<SaveState>('idle');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const batch = useRef<{ failed: boolean; saved: User | null }>({ failed: false, saved: null });
  const latestStored = useRef(stored);

  // the stored choices show while nothing is being saved (another tab, an unsubscribe link)
  useEffect(() => {
    latestStored.current = stored;
    if (pending.current === 0) setChoices(stored);
  }, [stored]);

  function toggle(kind: NotificationKind, on: boolean) {
    setChoices((current) => ({ ...current, [kind]: on }));
    setSave('saving');
    pending.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        batch.current.saved = await updateNotifications({ [kind]: on });
      } catch {
        batch.current.failed = true;
      }
      pending.current -= 1;
      if (pending.current > 0) return;
      const { failed, saved } = batch.current;
      batch.current = { failed: false, saved: null };
      setChoices(saved ? saved.notifications : latestStored.current);
      if (saved) updateUser(saved);
      setSave(failed ? 'failed' : 'saved');
    });
  }

  return { choices, save, toggle };
}
