/**
 * The distribution strategy (the spec's 20-30% top of the funnel, 60% middle, 20% bottom) in
 * plain words whose numbers add up: a week of five posts, one of each type on its day, is 1 in 5
 * posts reaching new people (Contrarian Take), 3 in 5 giving value (Behind the Scenes,
 * Framework, Industry Insight) and 1 in 5 starting conversations (Relationship Builder).
 * Said the same on the landing page's FAQ, the generator's framework card and the dashboard.
 */
export const contentMix = {
  top: { share: '1 in 5', doing: 'reaching new people' },
  middle: { share: '3 in 5', doing: 'giving value' },
  bottom: { share: '1 in 5', doing: 'starting conversations' },
} as const;

const { top, middle, bottom } = contentMix;

/** "1 in 5 posts reaching new people, 3 in 5 giving value and 1 in 5 starting conversations" */
export const contentMixText = `${top.share} posts ${top.doing}, ${middle.share} ${middle.doing} and ${bottom.share} ${bottom.doing}`;
