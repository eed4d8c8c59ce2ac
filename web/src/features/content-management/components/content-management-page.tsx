import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ContentItem } from '@postwright/contracts';
import { noticeOutlived, type PublishNotice } from '../../../components/publishing/publish-messages';
import { PageHeader } from '../../../components/layouts/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconPlus, IconRefresh } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useLinkedInConnection } from '../../../lib/use-linkedin-connection';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContentList } from '../hooks/use-content-list';
import { useStatusFilter } from '../hooks/use-status-filter';
import { ContentList } from './content-list';
import { ContentStats } from './content-stats';
import { managementMessages } from './messages';
import styles from './content-management.module.css';

export { managementMessages };
export { POLL_INTERVAL_MS } from '../hooks/use-content-list';
export type { Filter } from './messages';

/** Content management: stats, filters, and every action on the user's posts. */
export function ContentManagementPage() {
  useDocumentTitle('Manage content');
  const location = useLocation();
  const { items, loading, loadError, counts, reload, replace, saveEdit, remove } = useContentList();
  const [filter, setFilter] = useStatusFilter();
  const [notice, setNotice] = useState<PublishNotice | null>(null);
  // a success does not outlive what it announced (a post announced as scheduled that failed since)
  const shownNotice = noticeOutlived(notice, items) ? null : notice;
  const [edits, setEdits] = useState<Record<string, string>>({});
  const { confirm, dialog } = useConfirm();
  const linkedin = useLinkedInConnection();
  // where the figures of published posts would show, the reason they cannot (e.g. a share-only LinkedIn app)
  const engagement = linkedin.status?.connected ? linkedin.status.engagement : undefined;
  const engagementNote = engagement && !engagement.available && engagement.reason ? engagement.reason : null;
  const noticeRef = useRef<HTMLDivElement>(null);

  const show = useCallback((next: PublishNotice | null) => {
    setNotice(next);
    if (next) requestAnimationFrame(() => noticeRef.current?.scrollIntoView?.({ block: 'nearest' }));
  }, []);

  const editText = useCallback((id: string, text: string | undefined) => {
    setEdits(({ [id]: _previous, ...rest }) => (text === undefined ? rest : { ...rest, [id]: text }));
  }, []);

  async function onDelete(item: ContentItem) {
    const ok = await confirm({
      title: 'Delete post?',
      message: managementMessages.confirmDelete(item.topic),
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!ok) return;
    show(null);
    try {
      await remove(item.id);
      editText(item.id, undefined);
    } catch (error) {
      show({ tone: 'danger', text: errorMessage(error, managementMessages.deleteFailed) });
    }
  }

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
        {shownNotice ? (
          <Alert tone={shownNotice.tone} onDismiss={() => setNotice(null)} className={styles.notice}>
            {shownNotice.text}
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
              <Button variant="primary" onClick={() => void reload()} icon={<IconRefresh size={16} />}>
                Retry
              </Button>
            }
          >
            <p role="alert">{managementMessages.loadFailed}. Please check your connection and try again.</p>
          </EmptyState>
        </Card>
      ) : (
        <>
          <ContentStats counts={counts} />
          {engagementNote && counts.published > 0 ? (
            <Alert tone="info" title="Likes, comments, reposts and views" className={styles.notice}>
              {engagementNote}
            </Alert>
          ) : null}
          <ContentList
            items={items ?? []}
            counts={counts}
            filter={filter}
            onFilterChange={setFilter}
            returnTo={`${location.pathname}${location.search}`}
            onItemChange={replace}
            onNotice={show}
            saveEdit={saveEdit}
            onDelete={(item) => void onDelete(item)}
            edits={edits}
            onEditText={editText}
          />
        </>
      )}

      {dialog}
    </>
  );
}
