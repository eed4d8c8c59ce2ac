import { Link } from 'react-router-dom';
import type { ContentItem } from '@postwright/contracts';
import { contentTypeName } from '../../../components/content/content-type';
import { Badge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import type { Loadable } from '../hooks/use-dashboard-data';
import { balancedShares, balancedWeek, funnelMix, funnelTargets, typesOf, type FunnelMix } from './funnel';
import styles from './dashboard-panels.module.css';

const verdictText = { on: 'On target', below: 'Below target', above: 'Above target' } as const;

function MixStages({ mix, suggestNext }: { mix: FunnelMix; suggestNext: boolean }) {
  const next = mix.next ? typesOf(mix.next)[0] : null;
  return (
    <>
      <ul className={styles.funnel}>
        {mix.stages.map((s) => {
          const target = funnelTargets[s.stage];
          return (
            <li key={s.stage} className={styles.funnelRow} data-testid={`funnel-${s.stage}`}>
              <div className={styles.funnelHead}>
                <div>
                  <p className={styles.funnelLabel}>{target.label}</p>
                  <p className={styles.funnelTypes}>{typesOf(s.stage).map(contentTypeName).join(', ')}</p>
                </div>
                <div className={styles.funnelNumbers}>
                  <span className={styles.funnelPercent}>{s.percent}%</span>
                  <Badge tone={s.verdict === 'on' ? 'success' : 'warning'}>{verdictText[s.verdict]}</Badge>
                </div>
              </div>
              <div className={styles.bar} role="img" aria-label={`${target.label}: ${s.percent}% of your posts (${s.count}), target about ${target.text}`}>
                <span className={styles.barTarget} style={{ left: `${target.min}%`, width: `${target.max - target.min}%` }} />
                <span className={cx(styles.barFill, s.verdict === 'on' && styles.barFillOn)} style={{ width: `${s.percent}%` }} />
              </div>
              <p className={styles.funnelTarget}>Target: about {target.text}</p>
            </li>
          );
        })}
      </ul>
      <p className={styles.funnelNext}>
        Based on your {mix.total} {mix.total === 1 ? 'post' : 'posts'}.
        {!suggestNext ? null : next ? (
          <>
            {' '}Next, write a <Link to={`${paths.content}?type=${next}`}>{contentTypeName(next)}</Link> to balance your mix.
          </>
        ) : (
          ' Your mix is in balance.'
        )}
      </p>
    </>
  );
}

/**
 * The content mix against the distribution strategy, said as a week of posts (funnel.ts).
 * `suggestNext`: the card names the type to write next itself (false where the insights'
 * suggestion is shown beside it, so the page never gives two).
 */
export function FunnelCard({ items, suggestNext = true }: { items: Loadable<ContentItem[]>; suggestNext?: boolean }) {
  const mix = items.state === 'ready' ? funnelMix(items.value) : null;
  return (
    <Card as="section" aria-labelledby="funnel-title">
      <CardHeader id="funnel-title" title="Your content mix" description={`${balancedWeek} ${balancedShares}`} />
      <CardBody>
        {!mix ? (
          <p className={styles.muted}>{items.state === 'error' ? 'Your mix shows once your content loads.' : 'Loading...'}</p>
        ) : mix.total === 0 ? (
          <p className={styles.muted}>Your mix appears after your first posts.</p>
        ) : (
          <MixStages mix={mix} suggestNext={suggestNext} />
        )}
      </CardBody>
    </Card>
  );
}
