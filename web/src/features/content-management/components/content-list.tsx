import type { ContentItem } from '@postwright/contracts';
import type { PublishNotice } from '../../../components/publishing/publish-flow';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconFolder } from '../../../components/ui/icons';
import { IconPlus } from '../../../components/ui/icons-app';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import type { StatusCounts } from '../hooks/use-content-list';
import { ContentCard } from './content-card';
import { emptyTitles, filterLabels, filters, type Filter } from './messages';
import styles from './content-management.module.css';

const tabsId = 'content-filter';

/** The filter tabs (with their counts) and the items of the chosen status. */
export function ContentList({
  items,
  counts,
  filter,
  onFilterChange,
  returnTo,
  onItemChange,
  onNotice,
  saveEdit,
  onDelete,
  edits,
  onEditText,
}: {
  items: ContentItem[];
  counts: StatusCounts;
  filter: Filter;
  onFilterChange: (filter: Filter) => void;
  returnTo: string;
  onItemChange: (item: ContentItem) => void;
  onNotice: (notice: PublishNotice | null) => void;
  saveEdit: (id: string, text: string) => Promise<ContentItem>;
  onDelete: (item: ContentItem) => void;
  edits: Record<string, string>;
  onEditText: (id: string, text: string | undefined) => void;
}) {
  const visible = filter === 'all' ? items : items.filter((item) => item.status === filter);
  return (
    <>
      <div className={styles.toolbar}>
        <Tabs<Filter>
          label="Filter content by status"
          idBase={tabsId}
          value={filter}
          onChange={onFilterChange}
          items={filters.map((value) => ({ value, label: filterLabels[value], count: counts[value] }))}
        />
      </div>

      <TabPanel idBase={tabsId} value={filter} className={styles.panel}>
        {visible.length === 0 ? (
          <Card>
            <EmptyState
              title={emptyTitles[filter]}
              icon={<IconFolder size={22} />}
              action={
                <ButtonLink to={paths.content} variant="primary" icon={<IconPlus size={16} />}>
                  Create Content
                </ButtonLink>
              }
            >
              {filter === 'all'
                ? 'Generate your first post: pick a content type, add a few details and choose from five hooks.'
                : `You have no ${filterLabels[filter].toLowerCase()} posts right now.`}
            </EmptyState>
          </Card>
        ) : (
          <ul className={styles.list} aria-label={`${filterLabels[filter]} content`}>
            {visible.map((item) => (
              <ContentCard
                key={item.id}
                item={item}
                returnTo={returnTo}
                onItemChange={onItemChange}
                onNotice={onNotice}
                saveEdit={saveEdit}
                onDelete={onDelete}
                editText={edits[item.id]}
                onEditText={onEditText}
              />
            ))}
          </ul>
        )}
      </TabPanel>
    </>
  );
}
