import { FREE_REGENERATIONS_PER_DRAFT, type ContentItem, type InternalContentItem } from '@postwright/contracts';
import { chosenHookStyle } from './content.records';
import type { ContentRecord } from './content.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The public shape of a content item. Absent optionals are already null (or 0, false) in the record: toRecord. */
export function toContentItem(r: ContentRecord): ContentItem {
  return {
    id: r.id,
    contentType: r.contentType,
    topic: r.topic,
    generatedContent: r.generatedContent,
    hooks: r.hooks,
    // toRecord: one per hook, unknown where none is stored
    hookStyles: r.hookStyles,
    selectedHook: r.selectedHook,
    selectedHookStyle: chosenHookStyle(r),
    finalContent: r.finalContent,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: iso(r.publishedAt),
    scheduledFor: iso(r.scheduledFor),
    linkedinPostId: r.linkedinPostId ?? null,
    linkedinPostUrl: r.linkedinPostUrl ?? null,
    engagement: r.engagement,
    lastPublishError: r.lastPublishError ?? null,
    publishUnconfirmed: r.publishUnconfirmed ?? false,
    inputs: {
      industryRole: r.inputs.industryRole,
      personalExperience: r.inputs.personalExperience,
      targetAudience: r.inputs.targetAudience,
      businessGoal: r.inputs.businessGoal,
    },
    hasPreviousVersion: r.previous !== null,
    freeRegenerationsLeft: Math.max(0, FREE_REGENERATIONS_PER_DRAFT - r.freeRegenerationsTaken),
    // toRecord: false without a previous version
    previousVersionIsNewer: r.previousIsNewer,
  };
}

export function toInternalItem(r: ContentRecord): InternalContentItem {
  return { ...toContentItem(r), userId: r.userId };
}
