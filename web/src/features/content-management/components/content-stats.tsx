import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { IconCalendar, IconEdit, IconLayers, IconSend } from '../../../components/ui/icons';
import type { StatusCounts } from '../hooks/use-content-list';
import styles from './content-management.module.css';

function StatCard({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card className={styles.stat}>
      <span className={styles.statIcon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <p className={styles.statLabel}>{label}</p>
        <p className={styles.statValue} data-testid={`stat-${label.toLowerCase()}`}>
          {value}
        </p>
      </div>
    </Card>
  );
}

/** The stat cards: total, published, drafts, scheduled. */
export function ContentStats({ counts }: { counts: StatusCounts }) {
  return (
    <div className={styles.stats}>
      <StatCard label="Total" value={counts.all} icon={<IconLayers size={20} />} />
      <StatCard label="Published" value={counts.published} icon={<IconSend size={20} />} />
      <StatCard label="Drafts" value={counts.draft} icon={<IconEdit size={20} />} />
      <StatCard label="Scheduled" value={counts.scheduled} icon={<IconCalendar size={20} />} />
    </div>
  );
}
