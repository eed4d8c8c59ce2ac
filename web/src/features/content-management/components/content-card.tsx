import { useState } from 'react';
import { POST_MAX_LENGTH, postTextOf, type ContentItem } from '@postwright/contracts';
import { ContentTypeBadge, StatusBadge } from '../../../components/content/content-type';
import { Button, ButtonAnchor } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { Textarea } from '../../../components/ui/field';
import { IconAlert, IconCalendar, IconClock, IconEdit, IconSend } from '../../../components/ui/icons';
import { IconExternal, IconEye, IconMessage, IconRepeat, IconThumbsUp, IconTrash } from '../../../components/ui/icons-app';
import { formatShortDateTime, formatSlot } from '../../../lib/datetime';
import styles from './content-management.module.css';

export interface CardActions {
  onEdit(): void;
  onCancelEdit(): void;
  onSave(text: string): Promise<void>;
  onPublish(): void;
  onSchedule(): void;
  onUnschedule(): void;
  onDelete(): void;
}

/** The LinkedIn address of a published item (the one the service gave, else the feed URL of its id). */
export function linkedInUrlOf(item: Pick<ContentItem, 'linkedinPostUrl' | 'linkedinPostId'>): string | null {
  if (item.linkedinPostUrl) return item.linkedinPostUrl;
  return item.linkedinPostId ? `https://www.linkedin.com/feed/update/${encodeURIComponent(item.linkedinPostId)}/` : null;
}

/** The final or generated content; the hook is shown on its own above, so it is not repeated. */
export function displayText(item: Pick<ContentItem, 'finalContent' | 'generatedContent' | 'selectedHook'>): string {
  const text = item.finalContent?.trim() ? item.finalContent : item.generatedContent;
  if (item.selectedHook && text.startsWith(item.selectedHook)) {
    const rest = text.slice(item.selectedHook.length).replace(/^\s+/, '');
    if (rest) return rest;
  }
  return text;
}

function Engagement({ item }: { item: ContentItem }) {
  if (!item.engagement) return null;
  const { likes, comments, reposts, impressions } = item.engagement;
  const stats = [
    { label: 'Likes', value: likes, Icon: IconThumbsUp },
    { label: 'Comments', value: comments, Icon: IconMessage },
    { label: 'Reposts', value: reposts, Icon: IconRepeat },
    { label: 'Views', value: impressions, Icon: IconEye },
  ];
  return (
    <dl className={styles.engagement} aria-label="Engagement">
      {stats.map(({ label, value, Icon }) => (
        <div key={label} className={styles.engagementItem}>
          <dt>
            <Icon size={14} />
            {label}
          </dt>
          <dd>{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One item of the list (spec section 2, content management): what it is, where it stands, what can be done. */
export function ContentCard({
  item,
  editing,
  publishing,
  anyPublishing,
  actions,
}: {
  item: ContentItem;
  editing: boolean;
  publishing: boolean;
  anyPublishing: boolean;
  actions: CardActions;
}) {
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const text = displayText(item);
  const url = item.status === 'published' ? linkedInUrlOf(item) : null;
  const titleId = `content-${item.id}-topic`;

  function startEdit() {
    setDraft(postTextOf(item));
    actions.onEdit();
  }

  async function save() {
    setSaving(true);
    try {
      await actions.onSave(draft);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card as="li" className={styles.card} aria-labelledby={titleId} data-testid="content-card" data-status={item.status}>
      <div className={styles.cardTop}>
        <div className={styles.badges}>
          <ContentTypeBadge type={item.contentType} />
          <StatusBadge status={item.status} />
        </div>
        <p className={styles.date}>
          <span className="visually-hidden">Created </span>
          <time dateTime={item.createdAt}>{formatShortDateTime(item.createdAt)}</time>
        </p>
      </div>

      <h3 className={styles.topic} id={titleId}>
        {item.topic}
      </h3>

      {item.selectedHook ? (
        <p className={styles.hook}>
          <span className={styles.hookLabel}>Hook</span>
          {item.selectedHook}
        </p>
      ) : null}

      {editing ? (
        <div className={styles.editor}>
          <Textarea
            label="Post text"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={POST_MAX_LENGTH}
            inputClassName={styles.editorInput}
            style={{ minHeight: 150 }}
            autoFocus
          />
          <div className={styles.editorActions}>
            <Button variant="primary" size="sm" onClick={save} loading={saving} disabled={!draft.trim()}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button variant="secondary" size="sm" onClick={actions.onCancelEdit} disabled={saving}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.textBlock}>
          <p className={cx(styles.text, !expanded && styles.clamped)} data-testid="content-text">
            {text}
          </p>
          {text.length > 240 || text.split('\n').length > 3 ? (
            <button type="button" className={styles.more} onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
              {expanded ? 'Show less' : 'Show more'}
            </button>
          ) : null}
        </div>
      )}

      {item.status === 'scheduled' && item.scheduledFor ? (
        <p className={styles.when}>
          <IconClock size={16} />
          Scheduled for <time dateTime={item.scheduledFor}>{formatSlot(item.scheduledFor)}</time>
        </p>
      ) : null}
      {item.status === 'published' && item.publishedAt ? (
        <p className={cx(styles.when, styles.whenPublished)}>
          <IconSend size={16} />
          Published <time dateTime={item.publishedAt}>{formatShortDateTime(item.publishedAt)}</time>
        </p>
      ) : null}

      {item.status !== 'published' && item.lastPublishError ? (
        <div className={cx(styles.problem, item.publishUnconfirmed && styles.problemUnconfirmed)} role="note" data-testid="publish-problem">
          <IconAlert size={16} />
          <div>
            <p className={styles.problemTitle}>{item.publishUnconfirmed ? 'Publish not confirmed' : 'Publishing failed'}</p>
            <p>{item.lastPublishError}</p>
            {item.publishUnconfirmed ? <p>Check your LinkedIn feed before publishing again: the post may already be there.</p> : null}
          </div>
        </div>
      ) : null}

      {item.status === 'published' ? <Engagement item={item} /> : null}

      {/* an item being edited hides Edit and Delete (spec section 4) */}
      <div className={styles.cardActions}>
          {item.status === 'draft' ? (
            <>
              {editing ? null : (
                <Button size="sm" variant="secondary" onClick={startEdit} icon={<IconEdit size={16} />}>
                  Edit
                </Button>
              )}
              <Button size="sm" variant="primary" onClick={actions.onPublish} loading={publishing} disabled={anyPublishing && !publishing} icon={<IconSend size={16} />}>
                {publishing ? 'Publishing...' : 'Publish'}
              </Button>
              <Button size="sm" variant="secondary" onClick={actions.onSchedule} disabled={publishing} icon={<IconCalendar size={16} />}>
                Schedule
              </Button>
            </>
          ) : null}
          {item.status === 'scheduled' ? (
            <>
              <Button size="sm" variant="primary" onClick={actions.onPublish} loading={publishing} disabled={anyPublishing && !publishing} icon={<IconSend size={16} />}>
                {publishing ? 'Publishing...' : 'Publish Now'}
              </Button>
              <Button size="sm" variant="secondary" onClick={actions.onSchedule} disabled={publishing} icon={<IconCalendar size={16} />}>
                Reschedule
              </Button>
              <Button size="sm" variant="secondary" onClick={actions.onUnschedule} disabled={publishing}>
                Unschedule
              </Button>
            </>
          ) : null}
          {url ? (
            <ButtonAnchor size="sm" variant="secondary" href={url} target="_blank" rel="noreferrer" icon={<IconExternal size={16} />}>
              View on LinkedIn<span className="visually-hidden"> (opens in a new tab)</span>
            </ButtonAnchor>
          ) : null}
          {editing ? null : (
            <Button size="sm" variant="ghost" onClick={actions.onDelete} disabled={publishing} className={styles.delete} icon={<IconTrash size={16} />}>
              Delete
            </Button>
          )}
      </div>
    </Card>
  );
}
