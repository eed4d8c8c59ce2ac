import { useId, type JSX } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../ui/button';
import { IconCalendar, IconLinkedIn, IconSend } from '../ui/icons';
import { ScheduleModal } from './schedule-modal';
import { publishMessages, type PublishNotice } from './publish-messages';
import { usePublishFlow, type PublishFlowOptions } from './use-publish-flow';
import styles from './publish-flow.module.css';

export type { PublishNotice };
export { publishMessages };

export interface PublishFlowProps extends PublishFlowOptions {
  /** the draft's publish button: "Publish to LinkedIn" in the generator, "Publish" in content management */
  publishLabel?: string;
  /** where the member can choose a hook when the draft has none (content management: the generator's draft) */
  chooseHookHref?: string;
  size?: 'sm' | 'md';
  /** the screen already shows that the connection expired (content management: the item's publish problem): the note keeps just its button */
  reconnectReasonShown?: boolean;
}

/**
 * Publish and schedule, the same way on every screen. For a draft: Publish and
 * Schedule; for a scheduled item: Publish Now, Reschedule and Unschedule; for a published item
 * nothing (the screens show View on LinkedIn themselves). Publishing asks first, showing the
 * post's first lines and its length; a post over LinkedIn's limit is neither published nor
 * scheduled, and the note says why in the words the LinkedIn service would use.
 *
 * It renders its buttons and notes side by side with no wrapper of its own: place it in a
 * flex row that wraps (notes take a line of their own). The schedule modal and the
 * confirmations are dialogs rendered over the page.
 */
export function PublishFlow({ publishLabel = 'Publish', chooseHookHref, size = 'md', reconnectReasonShown = false, ...options }: PublishFlowProps): JSX.Element {
  const flow = usePublishFlow(options);
  const { item } = options;
  const noteId = useId();

  if (item.status === 'published') return <>{flow.confirmDialog}</>;

  const draft = item.status === 'draft';
  const blockedNote = flow.blocked ? noteId : undefined;
  const publishDisabled = flow.blocked !== null || flow.otherPublishing || flow.disabled || (flow.busy !== null && !flow.publishing);
  const otherDisabled = flow.blocked !== null || flow.disabled || flow.busy !== null;

  return (
    <>
      <Button
        size={size}
        variant="primary"
        onClick={() => void flow.publish()}
        loading={flow.publishing}
        disabled={publishDisabled}
        aria-describedby={blockedNote}
        icon={<IconSend size={16} />}
      >
        {flow.publishing ? 'Publishing...' : draft ? publishLabel : 'Publish Now'}
      </Button>
      <Button size={size} variant="secondary" onClick={flow.openSchedule} disabled={otherDisabled} aria-describedby={blockedNote} icon={<IconCalendar size={16} />}>
        {draft ? 'Schedule' : 'Reschedule'}
      </Button>
      {draft ? null : (
        <Button size={size} variant="secondary" onClick={() => void flow.unschedule()} loading={flow.busy === 'unscheduling'} disabled={flow.disabled || flow.busy !== null}>
          Unschedule
        </Button>
      )}

      {flow.blocked === 'hook' ? (
        <p className={styles.note} id={noteId} data-testid="publish-note">
          {publishMessages.hookRequired}
          {chooseHookHref ? (
            <>
              {' '}
              <Link to={chooseHookHref} className={styles.action}>
                Choose a hook
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {flow.blocked === 'length' ? (
        <p className={styles.note} id={noteId} data-testid="publish-note">
          {flow.tooLong}
        </p>
      ) : null}
      {flow.notConnected ? (
        <p className={styles.note} id={flow.blocked === 'connection' ? noteId : undefined} data-testid="connect-note">
          {flow.expired && reconnectReasonShown ? null : (
            <>
              {flow.expired ? publishMessages.reconnect : publishMessages.notConnected}{' '}
            </>
          )}
          <Button
            size="sm"
            variant="secondary"
            className={styles.connect}
            onClick={() => void flow.connect()}
            loading={flow.busy === 'connecting'}
            disabled={flow.disabled || (flow.busy !== null && flow.busy !== 'connecting')}
            icon={<IconLinkedIn size={14} />}
          >
            {flow.expired ? 'Reconnect LinkedIn' : 'Connect LinkedIn'}
          </Button>
        </p>
      ) : null}

      <ScheduleModal
        open={flow.scheduling}
        item={item}
        reschedule={!draft}
        onClose={flow.closeSchedule}
        onConfirm={flow.schedule}
        connectionEndsAt={flow.connectionEndsAt}
      />
      {flow.confirmDialog}
    </>
  );
}
