import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { postTextOf, type ContentItem, type ContentStatus } from '@postwright/contracts';
import { ScheduleModal } from '../../../components/content/schedule-modal';
import { PageHeader } from '../../../components/layouts/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconCalendar, IconEdit, IconFolder, IconLayers, IconSend } from '../../../components/ui/icons';
import { IconPlus, IconRefresh } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { deleteContent, editContent, listContent, publishToLinkedIn, scheduleContent, unscheduleContent } from '../../../lib/content-api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContentCard } from './content-card';
import styles from './content-management.module.css';

/** Spec sections 5 and 8: confirmations, success alerts and error texts. */
export const managementMessages = {
  loadFailed: 'Failed to load content',
  saveFailed: 'Failed to save edits',
  publishFailed: 'Failed to publish to LinkedIn',
  unscheduleFailed: 'Failed to unschedule content',
  deleteFailed: 'Failed to delete content',
  published: 'Content published to LinkedIn successfully!',
  unscheduled: 'Content unscheduled successfully!',
  scheduled: 'Content scheduled successfully!',
  confirmPublish: 'Are you sure you want to publish this content to LinkedIn?',
  confirmUnschedule: (topic: string) => `Are you sure you want to unschedule "${topic}"?`,
  confirmDelete: (topic: string) => `Are you sure you want to delete "${topic}"? This action cannot be undone.`,
} as const;

export type Filter = 'all' | ContentStatus;

const filterLabels: Record<Filter, string> = { all: 'All', draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };
const emptyTitles: Record<Filter, string> = {
  all: 'No content yet',
  draft: 'No drafts',
  published: 'Nothing published yet',
  scheduled: 'Nothing scheduled',
};

/** While a scheduled item is due within this window, the list is re-read so it turns published by itself. */
const DUE_SOON_MS = 2 * 60 * 1000;
export const POLL_INTERVAL_MS = 4000;

type Notice = { tone: 'success' | 'danger'; text: string } | null;

function StatCard({ label, value, icon }: { label: string; value: number; icon: React.ReactNode }) {
  return (
    <Card className={styles.stat}>
      <span className={styles.statIcon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <p className={styles.statLabel}>{label}</p>
        <p className={styles.statValue} data-testid={`stat-${label.toLowerCase()}`}>
          {value}
        </p>
      </div>
    </Card>
  );
}

/** Content management (spec section 2): stats, filters, and every action on the user's posts. */
export function ContentManagementPage() {
  useDocumentTitle('Manage content');
  const [items, setItems] = useState<ContentItem[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [loading, setLoading] = useState(true);
  const [filter, setFilter] = useState<Filter>('all');
  const [notice, setNotice] = useState<Notice>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [publishingId, setPublishingId] = useState<string | null>(null);
  const [scheduleFor, setScheduleFor] = useState<ContentItem | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async (quiet = false, signal?: AbortSignal) => {
    if (!quiet) {
      setLoading(true);
      setLoadError(false);
    }
    try {
      const list = await listContent(signal);
      setItems(list);
      setLoadError(false);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') return;
      // a failed load shows the error and a Retry button, never sample items
      if (!quiet) setLoadError(true);
    } finally {
      if (!quiet) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(false, controller.signal);
    return () => controller.abort();
  }, [load]);

  // a scheduled post that is due soon is published by the scheduler: follow it
  const dueSoon = useMemo(
    () => (items ?? []).some((item) => item.status === 'scheduled' && item.scheduledFor && Date.parse(item.scheduledFor) - Date.now() < DUE_SOON_MS),
    [items],
  );
  useEffect(() => {
    if (!dueSoon) return;
    const timer = setInterval(() => void load(true), POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dueSoon, load]);

  function show(next: Notice) {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.scrollIntoView?.({ block: 'nearest' }));
  }

  function replace(updated: ContentItem) {
    setItems((current) => (current ?? []).map((item) => (item.id === updated.id ? updated : item)));
  }

  const counts = useMemo(() => {
    const list = items ?? [];
    return {
      all: list.length,
      draft: list.filter((i) => i.status === 'draft').length,
      published: list.filter((i) => i.status === 'published').length,
      scheduled: list.filter((i) => i.status === 'scheduled').length,
    } satisfies Record<Filter, number>;
  }, [items]);

  const visible = useMemo(() => (items ?? []).filter((item) => filter === 'all' || item.status === filter), [items, filter]);

  async function save(item: ContentItem, text: string) {
    try {
      replace(await editContent(item.id, { editedContent: text, saveAsDraft: true }));
      setEditingId(null);
      setNotice(null);
    } catch (error) {
      show({ tone: 'danger', text: errorMessage(error, managementMessages.saveFailed) });
    }
  }

  async function publish(item: ContentItem) {
    if (publishingId) return;
    if (!window.confirm(managementMessages.confirmPublish)) return;
    setPublishingId(item.id);
    setNotice(null);
    try {
      const result = await publishToLinkedIn({ contentId: item.id, text: postTextOf(item) });
      replace(result.content);
      if (editingId === item.id) setEditingId(null);
      show({ tone: 'success', text: managementMessages.published });
    } catch (error) {
      show({ tone: 'danger', text: errorMessage(error, managementMessages.publishFailed) });
      void load(true); // the item may carry the reason now
    } finally {
      setPublishingId(null);
    }
  }

  async function schedule(item: ContentItem, scheduledFor: string) {
    const result = await scheduleContent(item.id, scheduledFor);
    replace(result.content ?? { ...item, status: 'scheduled', scheduledFor: result.schedule?.scheduledFor ?? scheduledFor });
    if (editingId === item.id) setEditingId(null);
    setScheduleFor(null);
    show({ tone: 'success', text: managementMessages.scheduled });
  }

  async function unschedule(item: ContentItem) {
    if (!window.confirm(managementMessages.confirmUnschedule(item.topic))) return;
    setNotice(null);
    try {
      const result = await unscheduleContent(item.id);
      replace(result?.content ?? { ...item, status: 'draft', scheduledFor: null });
      show({ tone: 'success', text: managementMessages.unscheduled });
    } catch (error) {
      show({ tone: 'danger', text: errorMessage(error, managementMessages.unscheduleFailed) });
    }
  }

  async function remove(item: ContentItem) {
    if (!window.confirm(managementMessages.confirmDelete(item.topic))) return;
    setNotice(null);
    try {
      await deleteContent(item.id);
      setItems((current) => (current ?? []).filter((i) => i.id !== item.id));
    } catch (error) {
      show({ tone: 'danger', text: errorMessage(error, managementMessages.deleteFailed) });
    }
  }

  const tabsId = 'content-filter';

  return (
    <>
      <PageHeader
        title="Content Management"
        description="Your drafts, scheduled and published posts."
        actions={
          <ButtonLink to={paths.content} variant="primary" icon={<IconPlus size={16} />}>
            Create Content
          </ButtonLink>
        }
      />

      <div ref={noticeRef}>
        {notice ? (
          <Alert tone={notice.tone} onDismiss={() => setNotice(null)} className={styles.notice}>
            {notice.text}
          </Alert>
        ) : null}
      </div>

      {loading && !items ? (
        <Card className={styles.loading}>
          <div role="status" className={styles.loadingInner}>
            <Spinner size={28} />
            <p>Loading your content...</p>
          </div>
        </Card>
      ) : loadError && !items ? (
        <Card>
          <EmptyState
            title={managementMessages.loadFailed}
            icon={<IconRefresh size={22} />}
            action={
              <Button variant="primary" onClick={() => void load()} icon={<IconRefresh size={16} />}>
                Retry
              </Button>
            }
          >
            <p role="alert">{managementMessages.loadFailed}. Please check your connection and try again.</p>
          </EmptyState>
        </Card>
      ) : (
        <>
          <div className={styles.stats}>
            <StatCard label="Total" value={counts.all} icon={<IconLayers size={20} />} />
            <StatCard label="Published" value={counts.published} icon={<IconSend size={20} />} />
            <StatCard label="Drafts" value={counts.draft} icon={<IconEdit size={20} />} />
            <StatCard label="Scheduled" value={counts.scheduled} icon={<IconCalendar size={20} />} />
          </div>

          <div className={styles.toolbar}>
            <Tabs<Filter>
              label="Filter content by status"
              idBase={tabsId}
              value={filter}
              onChange={setFilter}
              items={(['all', 'draft', 'published', 'scheduled'] as const).map((value) => ({ value, label: filterLabels[value], count: counts[value] }))}
            />
          </div>

          <TabPanel idBase={tabsId} value={filter} className={styles.panel}>
            {visible.length === 0 ? (
              <Card>
                <EmptyState
                  title={emptyTitles[filter]}
                  icon={<IconFolder size={22} />}
                  action={
                    <ButtonLink to={paths.content} variant="primary" icon={<IconPlus size={16} />}>
                      Create Content
                    </ButtonLink>
                  }
                >
                  {filter === 'all'
                    ? 'Generate your first post: pick a content type, add a few details and choose from five hooks.'
                    : `You have no ${filterLabels[filter].toLowerCase()} posts right now.`}
                </EmptyState>
              </Card>
            ) : (
              <ul className={styles.list} aria-label={`${filterLabels[filter]} content`}>
                {visible.map((item) => (
                  <ContentCard
                    key={item.id}
                    item={item}
                    editing={editingId === item.id}
                    publishing={publishingId === item.id}
                    anyPublishing={publishingId !== null}
                    actions={{
                      onEdit: () => {
                        setEditingId(item.id);
                        setNotice(null);
                      },
                      onCancelEdit: () => setEditingId(null),
                      onSave: (text) => save(item, text),
                      onPublish: () => void publish(item),
                      onSchedule: () => setScheduleFor(item),
                      onUnschedule: () => void unschedule(item),
                      onDelete: () => void remove(item),
                    }}
                  />
                ))}
              </ul>
            )}
          </TabPanel>
        </>
      )}

      <ScheduleModal
        open={scheduleFor !== null}
        item={scheduleFor}
        title={scheduleFor?.status === 'scheduled' ? 'Reschedule post' : 'Schedule post'}
        onClose={() => setScheduleFor(null)}
        onConfirm={(at) => schedule(scheduleFor!, at)}
      />
    </>
  );
}
