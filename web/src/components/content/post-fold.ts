/** LinkedIn's feed shows about this many characters (or three lines) before "...see more". */
export const SEE_MORE_AFTER = 210;
const SEE_MORE_LINES = 3;

/**
 * Where LinkedIn's feed folds a post: after about 210 characters or the third line break,
 * whichever comes first, backing off to a word boundary. The generator's preview folds there,
 * and the publish confirmation shows what comes before it.
 */
export function foldPost(text: string, limit = SEE_MORE_AFTER): { visible: string; folded: boolean } {
  let cut = text.length;
  let breaks = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n' && ++breaks === SEE_MORE_LINES) {
      cut = i;
      break;
    }
  }
  cut = Math.min(cut, limit);
  if (cut >= text.trimEnd().length) return { visible: text, folded: false };
  let visible = text.slice(0, cut);
  const lastSpace = visible.search(/\s\S*$/);
  if (cut === limit && lastSpace > limit * 0.6) visible = visible.slice(0, lastSpace);
  return { visible: visible.trimEnd(), folded: true };
}
