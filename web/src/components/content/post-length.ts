import { formatCount, linkedinLimitCheck, OPTIMAL_POST_LENGTH, POST_MAX_LENGTH } from '@postwright/contracts';

/**
 * What is over LinkedIn's limit and by how much, for the editor; null when the post fits. The
 * figures are the contracts' (`linkedinLimitCheck`), counted once: as written and as LinkedIn
 * receives it (escapes and hashtag templates take room), the stricter of the two.
 */
export function overLimitMessage(text: string): string | null {
  const { written, sent, limit, over, asSent } = linkedinLimitCheck(text);
  if (!over) return null;
  if (asSent) {
    return (
      `LinkedIn receives this post as ${formatCount(sent)} characters: hashtags and the characters \\ | { } @ [ ] ( ) < > # * _ ~ take ` +
      `extra room. LinkedIn allows at most ${formatCount(limit)}, so shorten it before you publish or schedule it.`
    );
  }
  return (
    `This post is ${formatCount(written)} characters, ${formatCount(over)} over LinkedIn's limit of ${formatCount(limit)}. ` +
    `It is kept as a draft; shorten it by ${formatCount(over)} characters to publish or schedule it.`
  );
}

/** The length as the publish confirmation says it: the count, LinkedIn's limit and the 1,300-1,600 guidance. */
export function lengthSummary(text: string): string {
  const count = `${formatCount(text.length)} characters`;
  const guidance = `${formatCount(OPTIMAL_POST_LENGTH.min)}-${formatCount(OPTIMAL_POST_LENGTH.max)}`;
  const fit =
    text.length < OPTIMAL_POST_LENGTH.min ? `shorter than the optimal ${guidance}` : text.length > OPTIMAL_POST_LENGTH.max ? `longer than the optimal ${guidance}` : `within the optimal ${guidance}`;
  return `${count}: within LinkedIn's limit of ${formatCount(POST_MAX_LENGTH)}, ${fit}.`;
}
