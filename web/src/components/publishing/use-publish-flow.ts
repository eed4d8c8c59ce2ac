import { createElement, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { linkedinLengthProblem, type ContentItem } from '@postwright/contracts';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { contentItemQuery, publishToLinkedIn, scheduleContent, storeContentItem, unscheduleContent } from '../../lib/content-api';
import { needsLinkedInConnection, needsLinkedInReconnect, startLinkedInConnection } from '../../lib/linkedin-api';
import { useMemberId } from '../../lib/query-client';
import { useLinkedInConnection } from '../../lib/use-linkedin-connection';
import { useConfirm } from '../ui/confirm-dialog';
import { publishMessages, type PublishNotice } from './publish-messages';
import { PublishSummary } from './publish-summary';
import { ScheduleError } from './schedule-modal';

export interface PublishFlowOptions {
  /** the item as saved on the server */
  item: ContentItem;
  /** the hook the post opens with (pending or saved): a hook is required to publish or schedule */
  hook: string | null;
  /** the exact text LinkedIn would get (hook, blank line, body), unsaved edits included */
  text: string;
  /** true when there are unsaved edits */
  dirty: boolean;
  /** saves the pending edits and returns the saved item; called first, in the same click, when dirty */
  save: () => Promise<ContentItem>;
  onItemChange: (item: ContentItem) => void;
  onNotice: (notice: PublishNotice | null) => void;
  /** app path to come back to after connecting LinkedIn */
  returnTo: string;
  /**
   * content management's words for the outcome ("published", the spec's); the generator's are
   * "posted". Both screens ask before publishing, showing the post's first lines and its length.
   */
  managementWords?: boolean;
  /** another change of this item is on its way (the generator writing it again, Undo/Redo): wait for it */
  disabled?: boolean;
}

/*
 * One publish at a time in this tab (in the spec's words, "while a publish is in progress
 * publishing is disabled"), across every card of a list and the generator alike.
 */
let publishingId: string | null = null;
const lockListeners = new Set<() => void>();

function setPublishingId(next: string | null) {
  publishingId = next;
  for (const listener of [...lockListeners]) listener();
}

function subscribeLock(listener: () => void) {
  lockListeners.add(listener);
  return () => {
    lockListeners.delete(listener);
  };
}

/** The id of the item being published in this tab, if any. */
export function usePublishingId(): string | null {
  return useSyncExternalStore(
    subscribeLock,
    () => publishingId,
    () => null,
  );
}

type Busy = 'publishing' | 'unscheduling' | 'connecting' | null;

/**
 * The rules of publishing and scheduling, shared by the generator and content management so
 * both behave alike: nothing goes out with unsaved edits (they are saved first, in the same click, and
 * a failed save stops it); a hook is required; when LinkedIn is not connected the member is
 * offered to connect and come back (pending edits are saved before leaving for LinkedIn, and a
 * failed save keeps the member here); one publish at a time.
 */
export function usePublishFlow(options: PublishFlowOptions) {
  const { item, hook, dirty, managementWords = false, disabled = false } = options;
  const latest = useRef(options);
  latest.current = options;
  const connection = useLinkedInConnection();
  const client = useQueryClient();
  const memberId = useMemberId();
  const lockedBy = usePublishingId();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [busy, setBusy] = useState<Busy>(null);
  const [scheduling, setScheduling] = useState(false);
  const mounted = useRef(true);
  const holdsLock = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // leaving mid-publish must not keep every other Publish disabled
      if (holdsLock.current) {
        holdsLock.current = false;
        setPublishingId(null);
      }
    };
  }, []);

  // a publish that failed meanwhile (a scheduled one the list saw come back) may have found the
  // connection expired: check again, so that the offer to reconnect shows with the reason
  const failure = item.status === 'draft' ? item.lastPublishError : null;
  const seenFailure = useRef(failure);
  const { refresh: recheckConnection } = connection;
  useEffect(() => {
    if (failure && failure !== seenFailure.current) void recheckConnection();
    seenFailure.current = failure;
  }, [failure, recheckConnection]);

  const hasHook = Boolean(hook && hook.trim());
  const notConnected = connection.connected === false;
  const status = connection.status?.connected ? connection.status : null;
  /** connected once, but the grant has ended: the offer is to reconnect */
  const expired = Boolean(status?.expired);
  const publishing = busy === 'publishing';
  const otherPublishing = lockedBy !== null && lockedBy !== item.id;
  /** LinkedIn would refuse the text (over its limit as written or as sent): its words, as the service's */
  const tooLong = item.status === 'published' ? null : linkedinLengthProblem(options.text);
  /** why Publish and Schedule cannot be used now (a draft needs a hook; every post must fit LinkedIn and needs it connected) */
  const blocked: 'hook' | 'length' | 'connection' | null = item.status === 'draft' && !hasHook ? 'hook' : tooLong ? 'length' : notConnected ? 'connection' : null;

  /** The server's answer: the screen shows it, and every cached list holding the item has it too. */
  function changed(next: ContentItem) {
    storeContentItem(client, memberId, next);
    latest.current.onItemChange(next);
  }

  function settle(next: Busy) {
    if (mounted.current) setBusy(next);
  }

  /** Saves pending edits first; returns the saved item, or throws the save failure's text. */
  async function savedItem(): Promise<ContentItem> {
    const { dirty: pending, save, item: current } = latest.current;
    if (!pending) return current;
    try {
      const saved = await save();
      changed(saved);
      return saved;
    } catch (failure) {
      throw new ScheduleError(errorMessage(failure, publishMessages.saveFailed));
    }
  }

  async function publish() {
    if (busy || blocked || disabled || publishingId) return;
    // one rule on both screens: asked first, with what is about to go out
    const ok = await confirm({
      title: 'Publish to LinkedIn?',
      message: publishMessages.confirmPublish,
      details: createElement(PublishSummary, { text: latest.current.text }),
      confirmLabel: 'Publish',
    });
    if (!ok || publishingId || linkedinLengthProblem(latest.current.text)) return;
    const { text, onNotice } = latest.current;
    const failed = managementWords ? publishMessages.publishFailed : publishMessages.postFailed;
    holdsLock.current = true;
    setPublishingId(item.id);
    setBusy('publishing');
    onNotice(null);
    try {
      let current: ContentItem;
      try {
        current = await savedItem();
      } catch (failure) {
        // nothing is published with edits that could not be saved
        onNotice({ tone: 'danger', text: (failure as Error).message });
        return;
      }
      const result = await publishToLinkedIn({ contentId: current.id, text });
      changed(result.content);
      const url = result.linkedinPost?.url || result.content.linkedinPostUrl;
      onNotice({
        tone: 'success',
        text: managementWords ? publishMessages.published : publishMessages.posted,
        link: url ? { href: url, label: 'View on LinkedIn', external: true } : undefined,
        about: { id: result.content.id, status: 'published' },
      });
    } catch (failure) {
      if (needsLinkedInConnection(failure)) {
        // the connect note says why, beside its (Re)connect LinkedIn button (or the card's publish
        // problem does, where it shows the connection expired): not said a second time above
        if (needsLinkedInReconnect(failure)) connection.markExpired();
        else connection.markNotConnected();
      } else {
        onNotice({ tone: 'danger', text: errorMessage(failure, failed) });
      }
      // the item may carry the reason now (lastPublishError, publishUnconfirmed)
      client
        .fetchQuery(contentItemQuery(memberId, item.id))
        .then(changed)
        .catch(() => {});
    } finally {
      if (holdsLock.current) {
        holdsLock.current = false;
        setPublishingId(null);
      }
      settle(null);
    }
  }

  /** The modal's Confirm: saves pending edits, then schedules; a rejection is shown in the modal. */
  async function schedule(scheduledFor: string) {
    const rescheduled = latest.current.item.status === 'scheduled';
    const current = await savedItem();
    const result = await scheduleContent(current.id, scheduledFor);
    const { onNotice } = latest.current;
    changed(result.content ?? { ...current, status: 'scheduled', scheduledFor: result.schedule?.scheduledFor ?? scheduledFor });
    if (mounted.current) setScheduling(false);
    onNotice({
      tone: 'success',
      text: rescheduled ? publishMessages.rescheduled : publishMessages.scheduled,
      link: { href: paths.contentManagement, label: 'View in Content Management' },
      about: { id: current.id, status: 'scheduled' },
    });
  }

  async function unschedule() {
    if (busy || disabled) return;
    const ok = await confirm({ title: 'Unschedule post?', message: publishMessages.confirmUnschedule(item.topic), confirmLabel: 'Unschedule' });
    if (!ok) return;
    const { onNotice } = latest.current;
    setBusy('unscheduling');
    onNotice(null);
    try {
      const result = await unscheduleContent(item.id);
      changed(result?.content ?? { ...item, status: 'draft', scheduledFor: null });
      onNotice({ tone: 'success', text: publishMessages.unscheduled, about: { id: item.id, status: 'draft' } });
    } catch (failure) {
      onNotice({ tone: 'danger', text: errorMessage(failure, publishMessages.unscheduleFailed) });
    } finally {
      settle(null);
    }
  }

  /** Leaves for LinkedIn's consent page; pending edits are saved first (a failed save stops it). */
  async function connect() {
    if (busy || disabled) return;
    setBusy('connecting');
    latest.current.onNotice(null);
    try {
      await savedItem();
    } catch (failure) {
      // leaving now would lose the edits: stay, and say why
      latest.current.onNotice({ tone: 'danger', text: (failure as Error).message });
      settle(null);
      return;
    }
    try {
      await startLinkedInConnection(latest.current.returnTo);
      // the browser is leaving for LinkedIn: stay busy
    } catch (failure) {
      latest.current.onNotice({ tone: 'danger', text: errorMessage(failure, publishMessages.connectFailed) });
      settle(null);
    }
  }

  return {
    busy,
    publishing,
    otherPublishing,
    blocked,
    /** the length message when LinkedIn would refuse the text */
    tooLong,
    dirty,
    notConnected,
    expired,
    /** when the working connection ends (ISO 8601): a post scheduled after it would not go out */
    connectionEndsAt: status && !status.expired ? status.expiresAt : null,
    scheduling,
    disabled,
    openSchedule: () => {
      if (!busy && !blocked && !disabled) setScheduling(true);
    },
    closeSchedule: () => setScheduling(false),
    publish,
    schedule,
    unschedule,
    connect,
    confirmDialog,
  };
}
