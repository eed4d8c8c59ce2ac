import type { BarGroup } from './group-bars';
import { belowThreshold, medianText } from './labels';
import styles from './charts.module.css';

/** A row is a chart's group: the table shows what the chart draws. */
export type TableRow = BarGroup;

/** The figures behind a chart as a table, folded under it: for reading exact values and for screen readers. */
export function FiguresTable({ caption, rows, mode, minimumPosts, firstColumn = 'Group' }: { caption: string; rows: TableRow[]; mode: 'figures' | 'counts'; minimumPosts: number; firstColumn?: string }) {
  return (
    <details className={styles.details}>
      <summary>Show as a table</summary>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{firstColumn}</th>
              <th scope="col">Posts</th>
              {mode === 'figures' ? (
                <>
                  <th scope="col">With figures</th>
                  <th scope="col">Median comments</th>
                  <th scope="col">Median reactions</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{row.posts}</td>
                {mode === 'figures' ? (
                  <>
                    <td>{row.measured}</td>
                    {row.enough ? (
                      <>
                        <td>{medianText(row.comments ?? 0)}</td>
                        <td>{medianText(row.reactions ?? 0)}</td>
                      </>
                    ) : (
                      <td colSpan={2} className={styles.muted}>
                        {row.posts === 0 ? 'No posts' : belowThreshold(minimumPosts)}
                      </td>
                    )}
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
