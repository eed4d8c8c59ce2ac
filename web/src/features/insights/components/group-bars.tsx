import { useId } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useMeasuredWidth } from '../hooks/use-measured-width';
import { belowThreshold, medianText, postsText } from './labels';
import { FiguresTable } from './figures-table';
import styles from './charts.module.css';

export interface BarGroup {
  key: string;
  label: string;
  posts: number;
  measured: number;
  enough: boolean;
  comments: number | null;
  reactions: number | null;
}

/** `figures`: median comments and reactions where a group has enough posts; `counts`: posts only (no figures from LinkedIn). */
export type BarMode = 'figures' | 'counts';

const ROW = { label: 18, bar: 12, gap: 4, after: 16 };
const VALUE_SPACE = 112;

/** Best first: the groups that may be compared by median comments (then reactions), then the rest by posts. */
export function orderGroups(groups: BarGroup[], mode: BarMode): BarGroup[] {
  const byPosts = (a: BarGroup, b: BarGroup) => b.posts - a.posts || a.label.localeCompare(b.label);
  if (mode === 'counts') return [...groups].sort(byPosts);
  const compared = groups.filter((g) => g.enough).sort((a, b) => (b.comments ?? 0) - (a.comments ?? 0) || (b.reactions ?? 0) - (a.reactions ?? 0) || byPosts(a, b));
  return [...compared, ...groups.filter((g) => !g.enough).sort(byPosts)];
}

function describe(group: BarGroup, mode: BarMode, minimumPosts: number): string {
  if (mode === 'counts') return `${group.label}: ${postsText(group.posts)}`;
  if (group.posts === 0) return `${group.label}: no posts`;
  if (!group.enough) return `${group.label}: ${postsText(group.posts)}, ${belowThreshold(minimumPosts).toLowerCase()}`;
  return `${group.label}: median ${medianText(group.comments ?? 0)} comments and ${medianText(group.reactions ?? 0)} reactions, ${postsText(group.posts)}`;
}

/**
 * Horizontal bars, one row per group: its name and post count, then median comments and median
 * reactions, each on its own scale. A group below the threshold gets a dashed outline and the
 * words instead of bars, so it is never set against the others.
 */
export function GroupBars({ title, groups, minimumPosts, mode }: { title: string; groups: BarGroup[]; minimumPosts: number; mode: BarMode }) {
  const { ref, width } = useMeasuredWidth<HTMLDivElement>(560);
  const descId = useId();
  const rows = orderGroups(groups, mode);
  const bars = mode === 'figures' ? 2 : 1;
  const rowHeight = ROW.label + bars * ROW.bar + (bars - 1) * ROW.gap + ROW.after;
  const height = rows.length * rowHeight;
  const barWidth = Math.max(60, width - VALUE_SPACE);

  const y = scaleBand<string>({ domain: rows.map((r) => r.key), range: [0, height] });
  const max = (values: Array<number | null>) => Math.max(1, ...values.map((v) => v ?? 0));
  const compared = rows.filter((r) => r.enough);
  const comments = scaleLinear<number>({ domain: [0, max(compared.map((r) => r.comments))], range: [0, barWidth] });
  const reactions = scaleLinear<number>({ domain: [0, max(compared.map((r) => r.reactions))], range: [0, barWidth] });
  const posts = scaleLinear<number>({ domain: [0, max(rows.map((r) => r.posts))], range: [0, barWidth] });

  const summary = `${title}. ${rows.map((r) => describe(r, mode, minimumPosts)).join('; ')}.`;

  return (
    <figure className={styles.figure}>
      {mode === 'figures' ? (
        <p className={styles.legend} aria-hidden="true">
          <span className={styles.keyComments} /> Median comments <span className={styles.keyReactions} /> Median reactions
        </p>
      ) : null}
      <div ref={ref} className={styles.canvas}>
        <svg width={width} height={height} role="img" aria-label={summary} aria-describedby={descId} className={styles.svg}>
          {rows.map((row) => {
            const top = y(row.key) ?? 0;
            const barTop = ROW.label + 4;
            return (
              <Group key={row.key} top={top} data-testid={`bar-row-${row.key}`}>
                <text x={0} y={13} className={styles.rowLabel}>
                  {row.label}
                  {mode === 'figures' ? <tspan className={styles.rowMeta}>{` · ${postsText(row.posts)}`}</tspan> : null}
                </text>
                {mode === 'counts' ? (
                  <>
                    {row.posts > 0 ? <Bar x={0} y={barTop} width={Math.max(2, posts(row.posts))} height={ROW.bar} rx={3} className={styles.barPosts} /> : null}
                    <text x={row.posts > 0 ? Math.max(2, posts(row.posts)) + 6 : 0} y={barTop + ROW.bar - 2} className={styles.value}>
                      {postsText(row.posts)}
                    </text>
                  </>
                ) : row.enough ? (
                  <>
                    <Bar x={0} y={barTop} width={Math.max(2, comments(row.comments ?? 0))} height={ROW.bar} rx={3} className={styles.barComments} />
                    <text x={Math.max(2, comments(row.comments ?? 0)) + 6} y={barTop + ROW.bar - 2} className={styles.value}>
                      {`${medianText(row.comments ?? 0)} comments`}
                    </text>
                    <Bar x={0} y={barTop + ROW.bar + ROW.gap} width={Math.max(2, reactions(row.reactions ?? 0))} height={ROW.bar} rx={3} className={styles.barReactions} />
                    <text x={Math.max(2, reactions(row.reactions ?? 0)) + 6} y={barTop + 2 * ROW.bar + ROW.gap - 2} className={styles.value}>
                      {`${medianText(row.reactions ?? 0)} reactions`}
                    </text>
                  </>
                ) : (
                  <>
                    <rect x={0.5} y={barTop + 0.5} width={barWidth - 1} height={2 * ROW.bar + ROW.gap - 1} rx={3} className={styles.barMissing} />
                    <text x={8} y={barTop + ROW.bar + 3} className={styles.missingText}>
                      {row.posts === 0 ? 'No posts in this period' : belowThreshold(minimumPosts)}
                    </text>
                  </>
                )}
              </Group>
            );
          })}
        </svg>
      </div>
      <figcaption id={descId} className={styles.caption}>
        {mode === 'figures'
          ? `Medians over the posts LinkedIn gave figures for. A group with fewer than ${minimumPosts} such posts is marked and not compared.`
          : 'Posts published in this period. LinkedIn gives this connection no figures to compare.'}
      </figcaption>
      <FiguresTable caption={title} rows={rows} mode={mode} minimumPosts={minimumPosts} />
    </figure>
  );
}
