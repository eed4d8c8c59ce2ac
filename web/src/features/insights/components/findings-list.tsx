import type { InsightsFinding } from '@postwright/contracts';
import { hookStyleLabels } from '../../../components/content/hook-style';
import { lengthBandLabels, medianText, postsText } from './labels';
import styles from './insights-page.module.css';

const metricWord = { reactions: 'reactions', comments: 'comments' } as const;

/** A hook style or length band named by its key ("question", "optimal") reads as the charts name it. */
function evidenceLabel(finding: InsightsFinding, label: string): string {
  const names: Record<string, string> = finding.id.startsWith('hookStyle.') ? hookStyleLabels : finding.id.startsWith('length.') ? lengthBandLabels : {};
  return Object.prototype.hasOwnProperty.call(names, label) ? names[label] : label;
}

/** The findings in the server's sentences, each with the groups and figures it stands on. */
export function FindingsList({ findings, minimumPosts }: { findings: InsightsFinding[]; minimumPosts: number }) {
  if (findings.length === 0) {
    return (
      <p className={styles.muted}>
        Nothing to compare yet. A finding sets two kinds of post side by side once each has at least {minimumPosts} posts with figures.
      </p>
    );
  }
  return (
    <ul className={styles.findings}>
      {findings.map((finding) => (
        <li key={finding.id} className={styles.finding} data-testid="finding">
          <p className={styles.findingText}>{finding.text}</p>
          <ul className={styles.evidence} aria-label="Evidence">
            {finding.evidence.map((e) => (
              <li key={e.label}>
                <span className={styles.evidenceLabel}>{evidenceLabel(finding, e.label)}</span>
                {`: ${postsText(e.posts)}, median ${medianText(e.median)} ${metricWord[finding.metric]}`}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
