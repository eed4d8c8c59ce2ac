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

/** LinkedIn's feed shows about this many characters (or three lines) before "...see more". */
const OPENING_CHARACTERS = 210;
const OPENING_LINES = 3;

/** The first lines of a post, as its readers see them before "...see more"; `cut` when there is more. */
export function postOpening(text: string): { opening: string; cut: boolean } {
  const trimmed = text.trim();
  const lines = trimmed.split('\n').slice(0, OPENING_LINES).join('\n');
  let opening = lines.length > OPENING_CHARACTERS ? lines.slice(0, OPENING_CHARACTERS) : lines;
  if (opening.length < lines.length) {
    const space = opening.lastIndexOf(' ');
    if (space > OPENING_CHARACTERS * 0.6) opening = opening.slice(0, space);
  }
  opening = opening.trimEnd();
  return { opening, cut: opening.length < trimmed.length };
}
