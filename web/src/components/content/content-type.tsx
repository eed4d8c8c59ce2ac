import type { ContentStatus, ContentType } from '@postwright/contracts';
import { contentTypeInfo, contentTypes } from '@postwright/contracts';
import { Badge } from '../ui/badge';
import { cx } from '../ui/cx';
import { type IconProps } from '../ui/icons';
import { IconCamera, IconGrid, IconLightbulb, IconMegaphone, IconUsers } from '../ui/icons-app';
import styles from './content-type.module.css';

/**
 * How each content type looks on every screen (in the spec's words, "for display each type has
 * a name, icon, color and a status label"). Names, days and purposes come from the contracts.
 */
export const contentTypeIcons: Record<ContentType, (p: IconProps) => React.ReactElement> = {
  controversial: IconMegaphone,
  story: IconCamera,
  framework: IconGrid,
  insight: IconLightbulb,
  learning: IconUsers,
};

export { contentTypeInfo, contentTypes };

export function contentTypeName(type: ContentType | string): string {
  return (contentTypeInfo as Record<string, { name: string }>)[type]?.name ?? type;
}

/** A round tile with the type's icon on its colour. */
export function ContentTypeIcon({ type, size = 40, className }: { type: ContentType; size?: number; className?: string }) {
  const Icon = contentTypeIcons[type] ?? IconGrid;
  return (
    <span className={cx(styles.tile, styles[type], className)} style={{ width: size, height: size }} aria-hidden="true">
      <Icon size={Math.round(size * 0.5)} />
    </span>
  );
}

/** Type badge: icon and name on the type's colour. */
export function ContentTypeBadge({ type }: { type: ContentType }) {
  const Icon = contentTypeIcons[type] ?? IconGrid;
  return (
    <span className={cx(styles.badge, styles[type])} data-testid="content-type-badge">
      <Icon size={14} />
      {contentTypeName(type)}
    </span>
  );
}

export const statusLabels: Record<ContentStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
};

export function StatusBadge({ status }: { status: ContentStatus }) {
  const tone = status === 'published' ? 'success' : status === 'scheduled' ? 'brand' : 'neutral';
  return (
    <Badge tone={tone} dot data-testid="status-badge">
      {statusLabels[status] ?? status}
    </Badge>
  );
}
