import { useState } from 'react';
import { postTextOf, type ContentItem } from '@postwright/contracts';
import { ContentTypeBadge, StatusBadge } from '../../../components/content/content-type';
import { LinkedinLimitNote } from '../../../components/content/linkedin-limit-note';
import { PublishFlow, type PublishNotice } from '../../../components/publishing/publish-flow';
import { usePublishingId } from '../../../components/publishing/use-publish-flow';
import { Button, ButtonAnchor } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { Textarea } from '../../../components/ui/field';
import { IconEdit } from '../../../components/ui/icons';
import { IconExternal, IconTrash } from '../../../components/ui/icons-app';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatShortDateTime } from '../../../lib/datetime';
import { displayText, Engagement, linkedInUrlOf, problemIsExpiredConnection, PublishProblem, StatusTime } from './card-details';
import { managementMessages } from './messages';
import styles from './content-management.module.css';

export { displayText, linkedInUrlOf };

export interface ContentCardProps {
  item: ContentItem;
  /** where connecting LinkedIn comes back to (this list, with its filter) */
  returnTo: string;
  onItemChange: (item: ContentItem) => void;
  onNotice: (notice: PublishNotice | null) => void;
  saveEdit: (id: string, text: string) => Promise<ContentItem>;
  onDelete: (item: ContentItem) => void;
  /** the text being edited, undefined when not editing (kept by the page, so a filter switch keeps it) */
  editText: string | undefined;
  onEditText: (id: string, text: string | undefined) => void;
}

/** The generator's own address for a draft, where its hook can be chosen. */
export function draftPath(id: string): string {
  return `${paths.content}?draft=${encodeURIComponent(id)}`;
}

/**
 * One item of the list: what it is, where it stands, what can be done. Edit mode is the card's
 * own (per item); during an edit Publish and Schedule stay and take the edited text, saved first
 * in the same click.
 */
export function ContentCard({ item, returnTo, onItemChange, onNotice, saveEdit, onDelete, editText, onEditText }: ContentCardProps) {
  // drafts and scheduled posts are edited (a scheduled one keeps its time); a post published meanwhile is final
  const editable = item.status === 'draft' || item.status === 'scheduled';
  const editing = editText !== undefined && editable;
  const draft = editText ?? '';
  const setDraft = (text: string) => onEditText(item.id, text);
  const setEditing = (on: boolean) => onEditText(item.id, on ? postTextOf(item) : undefined);
  const [saving, setSaving] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const publishing = usePublishingId() === item.id;
  const savedText = postTextOf(item);
  const text = displayText(item);
  const url = item.status === 'published' ? linkedInUrlOf(item) : null;
  const titleId = `content-${item.id}-topic`;

  function startEdit() {
    setEditing(true);
    onNotice(null);
  }

  function changed(next: ContentItem) {
    onItemChange(next);
    // published, or (re)scheduled with the edit saved first: the edit is done; an unschedule keeps it open
    if (next.status !== 'draft') setEditing(false);
  }

  async function saveChanges() {
    setSaving(true);
    try {
      await saveEdit(item.id, draft);
      setEditing(false);
      onNotice(null);
    } catch (error) {
      onNotice({ tone: 'danger', text: errorMessage(error, managementMessages.saveFailed) });
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
            inputClassName={styles.editorInput}
            style={{ minHeight: 150 }}
            disabled={publishing}
            autoFocus
          />
          <LinkedinLimitNote text={draft} />
          <div className={styles.editorActions}>
            <Button variant="primary" size="sm" onClick={saveChanges} loading={saving} disabled={!draft.trim() || publishing}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={saving || publishing}>
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

      <StatusTime item={item} />
      <PublishProblem item={item} />
      {item.status === 'published' ? <Engagement item={item} /> : null}

      {/* an item being edited hides Edit and Delete */}
      <div className={styles.cardActions}>
        {editable && !editing ? (
          <Button size="sm" variant="secondary" onClick={startEdit} disabled={publishing} icon={<IconEdit size={16} />}>
            Edit
          </Button>
        ) : null}
        <PublishFlow
          item={item}
          hook={item.selectedHook}
          text={editing ? draft : savedText}
          dirty={editing && draft !== savedText}
          save={() => saveEdit(item.id, draft)}
          onItemChange={changed}
          onNotice={onNotice}
          returnTo={returnTo}
          managementWords
          publishLabel="Publish"
          chooseHookHref={draftPath(item.id)}
          size="sm"
          reconnectReasonShown={problemIsExpiredConnection(item)}
        />
        {url ? (
          <ButtonAnchor size="sm" variant="secondary" href={url} target="_blank" rel="noreferrer" icon={<IconExternal size={16} />}>
            View on LinkedIn<span className="visually-hidden"> (opens in a new tab)</span>
          </ButtonAnchor>
        ) : null}
        {editing ? null : (
          <Button size="sm" variant="ghost" onClick={() => onDelete(item)} disabled={publishing} className={styles.delete} icon={<IconTrash size={16} />}>
            Delete
          </Button>
        )}
      </div>
    </Card>
  );
}
