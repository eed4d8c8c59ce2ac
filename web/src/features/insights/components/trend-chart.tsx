import { useId } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import type { InsightsResponse } from '@postwright/contracts';
import { useMeasuredWidth } from '../hooks/use-measured-width';
import { FiguresTable } from './figures-table';
import { medianText, postsText, weekLabel } from './labels';
import styles from './charts.module.css';

type Week = InsightsResponse['trend'][number];

const AXIS = 28;
const LABELS = 22;
const COMMENTS_HEIGHT = 120;
const POSTS_HEIGHT = 80;
const PANEL_GAP = 28;
const TITLE = 22;

/** Which weeks are named under the chart: every few, so the labels never collide. */
function labelledWeeks(weeks: Week[], width: number): Set<string> {
  const room = Math.max(2, Math.floor(width / 72));
  const step = Math.max(1, Math.ceil(weeks.length / room));
  return new Set(weeks.filter((_, i) => i % step === 0).map((w) => w.weekStart));
}

/**
 * Week by week: posts published (bars) and, above them, the median comments of the weeks with
 * enough posts with figures (a line through those weeks only; a week with fewer is a gap, not a zero).
 */
export function TrendChart({ weeks, mode, minimumPosts }: { weeks: Week[]; mode: 'figures' | 'counts'; minimumPosts: number }) {
  const { ref, width } = useMeasuredWidth<HTMLDivElement>(560);
  const descId = useId();
  const plotWidth = Math.max(120, width - AXIS);
  const x = scaleBand<string>({ domain: weeks.map((w) => w.weekStart), range: [0, plotWidth], padding: 0.25 });
  const center = (w: Week) => (x(w.weekStart) ?? 0) + x.bandwidth() / 2;

  const showComments = mode === 'figures';
  const commentsTop = TITLE;
  const postsTop = showComments ? commentsTop + COMMENTS_HEIGHT + PANEL_GAP + TITLE : TITLE;
  const height = postsTop + POSTS_HEIGHT + LABELS;

  const posts = scaleLinear<number>({ domain: [0, Math.max(1, ...weeks.map((w) => w.posts))], range: [POSTS_HEIGHT, 0], nice: true });
  const compared = weeks.filter((w) => w.enough && w.medianComments !== null);
  const comments = scaleLinear<number>({ domain: [0, Math.max(1, ...compared.map((w) => w.medianComments ?? 0))], range: [COMMENTS_HEIGHT, 0], nice: true });
  const named = labelledWeeks(weeks, plotWidth);

  const summary =
    `Week by week. ${weeks.map((w) => `Week of ${weekLabel(w.weekStart)}: ${postsText(w.posts)}` + (showComments && w.enough ? `, median ${medianText(w.medianComments ?? 0)} comments` : '')).join('; ')}.`;

  return (
    <figure className={styles.figure}>
      <div ref={ref} className={styles.canvas}>
        <svg width={width} height={height} role="img" aria-label={summary} aria-describedby={descId} className={styles.svg}>
          <Group left={AXIS}>
            {showComments ? (
              <Group top={commentsTop}>
                <text x={-AXIS} y={-10} className={styles.panelTitle}>
                  Median comments
                </text>
                {comments.ticks(3).map((tick) => (
                  <g key={tick}>
                    <line x1={0} x2={plotWidth} y1={comments(tick)} y2={comments(tick)} className={styles.grid} />
                    <text x={-6} y={comments(tick) + 4} textAnchor="end" className={styles.tick}>
                      {tick}
                    </text>
                  </g>
                ))}
                {compared.length > 0 ? (
                  <>
                    <LinePath<Week>
                      data={weeks}
                      x={center}
                      y={(w) => comments(w.medianComments ?? 0)}
                      defined={(w) => w.enough && w.medianComments !== null}
                      className={styles.line}
                    />
                    {compared.map((w) => (
                      <circle key={w.weekStart} cx={center(w)} cy={comments(w.medianComments ?? 0)} r={3.5} className={styles.point} />
                    ))}
                  </>
                ) : (
                  <text x={plotWidth / 2} y={COMMENTS_HEIGHT / 2} textAnchor="middle" className={styles.missingText}>
                    {`No week has ${minimumPosts} posts with figures yet`}
                  </text>
                )}
              </Group>
            ) : null}
            <Group top={postsTop}>
              <text x={-AXIS} y={-10} className={styles.panelTitle}>
                Posts
              </text>
              {posts.ticks(2).map((tick) => (
                <g key={tick}>
                  <line x1={0} x2={plotWidth} y1={posts(tick)} y2={posts(tick)} className={styles.grid} />
                  <text x={-6} y={posts(tick) + 4} textAnchor="end" className={styles.tick}>
                    {tick}
                  </text>
                </g>
              ))}
              {weeks.map((w) => (
                <Bar key={w.weekStart} x={x(w.weekStart)} y={posts(w.posts)} width={x.bandwidth()} height={POSTS_HEIGHT - posts(w.posts)} rx={2} className={styles.barWeek} />
              ))}
              {weeks
                .filter((w) => named.has(w.weekStart))
                .map((w) => (
                  <text key={w.weekStart} x={center(w)} y={POSTS_HEIGHT + 16} textAnchor="middle" className={styles.tick}>
                    {weekLabel(w.weekStart)}
                  </text>
                ))}
            </Group>
          </Group>
        </svg>
      </div>
      <figcaption id={descId} className={styles.caption}>
        {showComments
          ? `Weeks start on Monday. The line joins the weeks with at least ${minimumPosts} posts with figures; other weeks show their posts only.`
          : 'Weeks start on Monday.'}
      </figcaption>
      <FiguresTable
        caption="Week by week"
        firstColumn="Week of"
        mode={mode}
        minimumPosts={minimumPosts}
        rows={weeks.map((w) => ({ key: w.weekStart, label: weekLabel(w.weekStart), posts: w.posts, measured: w.measured, enough: w.enough, comments: w.medianComments, reactions: w.medianReactions }))}
      />
    </figure>
  );
}
