import { scaleQuantize } from '@visx/scale';
import type { InsightsResponse } from '@postwright/contracts';
import { cx } from '../../../components/ui/cx';
import { hourLabel, weekdayNames } from '../../../lib/datetime';
import { belowThreshold, medianText, postsText, weekdayShort } from './labels';
import styles from './charts.module.css';

type Cell = InsightsResponse['byWeekdayHour'][number];
type Slot = { weekday: number; hour: number };

const STEPS = [styles.heat1, styles.heat2, styles.heat3, styles.heat4];

/** The hours shown: every hour with a post, within at least a working day, so the grid keeps its shape. */
export function hourSpan(cells: Cell[]): number[] {
  const hours = cells.map((c) => c.hour);
  const first = Math.min(8, ...hours);
  const last = Math.max(18, ...hours);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * The week as a grid, a row per hour and a column per weekday, in the member's time zone. It is
 * a real table, so each cell is read with its weekday and hour. The number is how many posts went
 * out then; the colour is their median comments where at least `minimumPosts` have figures
 * (grey below that), or, with no figures at all, how many posts.
 */
export function WeekHourMap({ cells, mode, minimumPosts, best }: { cells: Cell[]; mode: 'figures' | 'counts'; minimumPosts: number; best: Slot[] }) {
  const at = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c]));
  const isBest = (weekday: number, hour: number) => best.some((s) => s.weekday === weekday && s.hour === hour);
  const values = mode === 'figures' ? cells.filter((c) => c.enough).map((c) => c.medianComments ?? 0) : cells.map((c) => c.posts);
  const shade = scaleQuantize<string>({ domain: [0, Math.max(1, ...values)], range: STEPS });

  function describe(weekday: number, hour: number, cell: Cell): string {
    const when = `${weekdayNames[weekday - 1]} ${hourLabel(hour)}`;
    const bestText = isBest(weekday, hour) ? ', one of your best times' : '';
    if (mode === 'counts') return `${when}: ${postsText(cell.posts)}`;
    if (!cell.enough) return `${when}: ${postsText(cell.posts)}, ${belowThreshold(minimumPosts).toLowerCase()}`;
    return `${when}: ${postsText(cell.posts)}, median ${medianText(cell.medianComments ?? 0)} comments and ${medianText(cell.medianReactions ?? 0)} reactions${bestText}`;
  }

  return (
    <figure className={styles.figure}>
      <div className={styles.tableWrap}>
        <table className={styles.heatmap} data-testid="week-hour-map">
          <caption className="visually-hidden">Posts by weekday and hour</caption>
          <thead>
            <tr>
              <td className={styles.heatCorner} />
              {weekdayNames.map((name, i) => (
                <th key={name} scope="col">
                  <span aria-hidden="true">{weekdayShort[i]}</span>
                  <span className="visually-hidden">{name}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hourSpan(cells).map((hour) => (
              <tr key={hour}>
                <th scope="row" className={styles.heatHour}>
                  {hourLabel(hour)}
                </th>
                {weekdayNames.map((name, i) => {
                  const weekday = i + 1;
                  const cell = at.get(`${weekday}-${hour}`);
                  if (!cell || cell.posts === 0) return <td key={name} className={styles.heatEmpty} />;
                  const coloured = mode === 'counts' || cell.enough;
                  const value = mode === 'counts' ? cell.posts : (cell.medianComments ?? 0);
                  return (
                    <td
                      key={name}
                      className={cx(styles.heatCell, coloured ? shade(value) : styles.heatFew, isBest(weekday, hour) && styles.heatBest)}
                      data-testid={`cell-${weekday}-${hour}`}
                    >
                      <span aria-hidden="true">{cell.posts}</span>
                      <span className="visually-hidden">{describe(weekday, hour, cell)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className={styles.caption}>
        {mode === 'figures' ? (
          <>
            The number in a square is how many posts you published then. Darker squares earned more comments (median), where at least {minimumPosts} posts have
            figures; grey squares have fewer and are not compared.
            {best.length > 0 ? ' Outlined squares are your best times.' : ''}
          </>
        ) : (
          'The number in a square is how many posts you published then; darker squares have more posts.'
        )}
      </figcaption>
    </figure>
  );
}
