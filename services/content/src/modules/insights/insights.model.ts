import { Schema, type Connection, type Model } from 'mongoose';
import { contentTypes, hookStyleOrUnknownSchema, lengthBands, type ContentType, type HookStyleOrUnknown, type LengthBand } from '@postwright/contracts';

/**
 * One published post as the insights read it: a few fields, kept from the item's publication and
 * engagement reports, so a member's statistics never read the items' texts.
 */
export interface InsightPostDocument {
  /** the content item's id: one row per item, and a report finds its row by _id */
  _id: string;
  userId: string;
  contentType: ContentType;
  hookStyle: HookStyleOrUnknown;
  /** characters of the published text, and its band */
  length: number;
  lengthBand: LengthBand;
  publishedAt: Date;
  /** absent until LinkedIn gives figures (never, where the member's app reads no analytics) */
  likes: number | null;
  comments: number | null;
  reposts: number | null;
  impressions: number | null;
  /** when the figures were measured: an older report never replaces a newer one */
  measuredAt: Date | null;
}

/** A member whose rows were rebuilt from their items once (the posts published before the rows existed). */
export interface InsightMemberDocument {
  _id: string;
  rebuiltAt: Date;
}

const insightPostSchema = new Schema<InsightPostDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    contentType: { type: String, enum: contentTypes, required: true },
    hookStyle: { type: String, enum: hookStyleOrUnknownSchema.options, required: true },
    length: { type: Number, required: true },
    lengthBand: { type: String, enum: lengthBands, required: true },
    publishedAt: { type: Date, required: true },
    likes: { type: Number, default: null },
    comments: { type: Number, default: null },
    reposts: { type: Number, default: null },
    impressions: { type: Number, default: null },
    measuredAt: { type: Date, default: null },
  },
  { collection: 'insight_posts', versionKey: false },
);
// the one read: a member's posts published since the range's start
insightPostSchema.index({ userId: 1, publishedAt: -1 });

const insightMemberSchema = new Schema<InsightMemberDocument>(
  { _id: { type: String, required: true }, rebuiltAt: { type: Date, required: true } },
  { collection: 'insight_members', versionKey: false },
);

export type InsightPostModel = Model<InsightPostDocument>;
export type InsightMemberModel = Model<InsightMemberDocument>;

export function insightModels(conn: Connection): { posts: InsightPostModel; members: InsightMemberModel } {
  return {
    posts: (conn.models.InsightPost as InsightPostModel | undefined) ?? conn.model<InsightPostDocument>('InsightPost', insightPostSchema),
    members: (conn.models.InsightMember as InsightMemberModel | undefined) ?? conn.model<InsightMemberDocument>('InsightMember', insightMemberSchema),
  };
}
