import type { ContentStatus } from '@postwright/contracts';
import { publishMessages } from '../../../components/publishing/publish-flow';

/** Content management's confirmations, success alerts and error texts, in the spec's words. */
export const managementMessages = {
  loadFailed: 'Failed to load content',
  saveFailed: publishMessages.saveFailed,
  publishFailed: publishMessages.publishFailed,
  unscheduleFailed: publishMessages.unscheduleFailed,
  deleteFailed: 'Failed to delete content',
  published: publishMessages.published,
  unscheduled: publishMessages.unscheduled,
  scheduled: publishMessages.scheduled,
  confirmPublish: publishMessages.confirmPublish,
  confirmUnschedule: publishMessages.confirmUnschedule,
  confirmDelete: (topic: string) => `Are you sure you want to delete "${topic}"? This action cannot be undone.`,
} as const;

export type Filter = 'all' | ContentStatus;

export const filters: readonly Filter[] = ['all', 'draft', 'published', 'scheduled'];

export const filterLabels: Record<Filter, string> = { all: 'All', draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };

export const emptyTitles: Record<Filter, string> = {
  all: 'No content yet',
  draft: 'No drafts',
  published: 'Nothing published yet',
  scheduled: 'Nothing scheduled',
};
