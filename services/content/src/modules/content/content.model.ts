import { Schema, type Connection, type Model } from 'mongoose';
import { contentStatuses, contentTypes, type ContentStatus, type ContentType } from '@postwright/contracts';

export interface ContentDocument {
  userId: string;
  contentType: ContentType;
  topic: string;
  /** the generation form as submitted, kept so a post can be traced back to what the author said */
  inputs: { industryRole: string; personalExperience: string; targetAudience: string; businessGoal: string | null };
  generator: { provider: string; model: string };
  generatedContent: string;
  hooks: string[];
  selectedHook: string | null;
  finalContent: string | null;
  status: ContentStatus;
  scheduledFor: Date | null;
  publishedAt: Date | null;
  linkedinPostId: string | null;
  linkedinPostUrl: string | null;
  engagement: { likes: number; comments: number; reposts: number; impressions: number } | null;
  /** when the engagement figures were measured: older reports never overwrite newer ones */
  engagementAt: Date | null;
  lastPublishError: string | null;
  publishUnconfirmed: boolean;
  /** set while a delete is being announced (content.deleted); such items are invisible */
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const contentSchema = new Schema<ContentDocument>(
  {
    userId: { type: String, required: true },
    contentType: { type: String, enum: contentTypes, required: true },
    topic: { type: String, required: true },
    inputs: {
      industryRole: { type: String, required: true },
      personalExperience: { type: String, required: true },
      targetAudience: { type: String, required: true },
      businessGoal: { type: String, default: null },
    },
    generator: {
      provider: { type: String, required: true },
      model: { type: String, required: true },
    },
    generatedContent: { type: String, required: true },
    hooks: { type: [String], required: true },
    selectedHook: { type: String, default: null },
    finalContent: { type: String, default: null },
    status: { type: String, enum: contentStatuses, required: true, default: 'draft' },
    scheduledFor: { type: Date, default: null },
    publishedAt: { type: Date, default: null },
    linkedinPostId: { type: String, default: null },
    linkedinPostUrl: { type: String, default: null },
    engagement: {
      type: new Schema(
        { likes: Number, comments: Number, reposts: Number, impressions: Number },
        { _id: false },
      ),
      default: null,
    },
    engagementAt: { type: Date, default: null },
    lastPublishError: { type: String, default: null },
    publishUnconfirmed: { type: Boolean, default: false },
    deletedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'content_items', versionKey: false },
);

// the list query: one user's items, newest first
contentSchema.index({ userId: 1, createdAt: -1 });

export type ContentModel = Model<ContentDocument>;

export function contentModel(conn: Connection): ContentModel {
  return (conn.models.ContentItem as ContentModel | undefined) ?? conn.model<ContentDocument>('ContentItem', contentSchema);
}
