import { useState } from 'react';
import { splitHashtags, type User } from '@postwright/contracts';
import type { LinkedInStatus } from '../../../lib/linkedin-api';
import { useLinkedInConnection } from '../../../lib/use-linkedin-connection';
import { foldPost } from '../../../components/content/post-fold';
import { Avatar } from '../../../components/ui/avatar';
import { IconGlobe, IconSend } from '../../../components/ui/icons';
import { IconMessage, IconRepeat, IconThumbsUp } from '../../../components/ui/icons-app';
import styles from './post-preview.module.css';

/**
 * Text with its hashtags styled as LinkedIn shows them (blue, bold), by the same rule the
 * LinkedIn service uses to send them as hashtags. A span, not a link: the preview has nowhere
 * to go, and the text reads the same to a screen reader.
 */
export function HashtagText({ text }: { text: string }) {
  return (
    <>
      {splitHashtags(text).map((part, i) =>
        part.kind === 'hashtag' ? (
          <span key={i} className={styles.hashtag} data-hashtag={part.tag}>
            #{part.tag}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * The line under the author's name, as LinkedIn will show it: the member's LinkedIn headline once
 * connected, else their job title and company from their profile, else none (no stand-in text
 * that reads like theirs).
 */
export function previewHeadline(user: Pick<User, 'role' | 'company'>, linkedIn: LinkedInStatus | null): string | null {
  const fromLinkedIn = linkedIn?.connected ? linkedIn.profile.headline?.trim() : '';
  if (fromLinkedIn) return fromLinkedIn;
  const role = user.role?.trim();
  const company = user.company?.trim();
  return role && company ? `${role} at ${company}` : role || company || null;
}

/** The preview's author line for the signed-in member (their LinkedIn connection is checked once for every screen). */
export function usePreviewHeadline(user: Pick<User, 'role' | 'company'>): string | null {
  return previewHeadline(user, useLinkedInConnection().status);
}

/**
 * The post as LinkedIn's feed shows it: author, the text up to the fold, "...see more". While it
 * is being written (`writing`) the whole text shows as it grows, with a caret where it goes on.
 */
export function PostPreview({
  text,
  name,
  headline,
  picture,
  initials,
  writing = false,
}: {
  text: string;
  name: string;
  /** null: the member has none to show (no line, as LinkedIn shows a member without one) */
  headline: string | null;
  picture: string | null;
  initials: string;
  writing?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const { visible, folded } = writing ? { visible: text, folded: false } : foldPost(text);
  return (
    <article className={styles.linkedinPost} aria-label="Post preview as shown in the LinkedIn feed">
      <header className={styles.postAuthor}>
        <Avatar src={picture} initials={initials} name={name} size={44} />
        <div className={styles.postAuthorText}>
          <p className={styles.postName}>{name}</p>
          {headline ? <p className={styles.postHeadline}>{headline}</p> : null}
          <p className={styles.postMeta}>
            Now · <IconGlobe size={12} aria-hidden="true" />
            <span className="visually-hidden">Public</span>
          </p>
        </div>
      </header>
      <div className={styles.postText} data-testid={writing ? 'live-body' : 'post-preview-text'}>
        <HashtagText text={expanded || !folded ? text : visible} />
        {writing ? <span className={styles.caret} aria-hidden="true" /> : null}
        {folded ? (
          <>
            {' '}
            <button type="button" className={styles.seeMore} onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
              {expanded ? 'see less' : '...see more'}
            </button>
          </>
        ) : null}
      </div>
      <footer className={styles.postActions} aria-hidden="true">
        <span>
          <IconThumbsUp size={16} /> Like
        </span>
        <span>
          <IconMessage size={16} /> Comment
        </span>
        <span>
          <IconRepeat size={16} /> Repost
        </span>
        <span>
          <IconSend size={16} /> Send
        </span>
      </footer>
    </article>
  );
}
