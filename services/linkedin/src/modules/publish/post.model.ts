import { Schema, type Connection, type Model } from 'mongoose';
import type { Engagement } from '@postwright/contracts';

export type PostState = 'pending' | 'sending' | 'published' | 'unconfirmed' | 'failed';

/**
 * One attempt to put a content item on LinkedIn, and once published, the network post record.
 * Written BEFORE LinkedIn is called: a scheduled request's id is its unique
 * key, so a redelivered request finds it and never posts twice.
 */
export interface PostRecord {
  /** the key (below): lookups by key are lookups by _id, which every store answers from its index */
  _id: string;
  /** `request:<scheduler request id>` or `now:<uuid>`; unique, always present */
  key: string;
  userId: string;
  contentId: string | null;
  contentType: string | null;
  requestId: string | null;
  memberUrn: string;
  visibility: 'PUBLIC' | 'CONNECTIONS';
  state: PostState;
  linkedInPostId: string | null;
  url: string | null;
  publishedAt: Date | null;
  sentAt: Date | null;
  failureReason: string | null;
  engagement: Engagement | null;
  /** when engagement was last read from LinkedIn, changed or not: the poll schedule counts from it */
  engagementCheckedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const postSchema = new Schema<PostRecord>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    userId: { type: String, required: true },
    contentId: { type: String, default: null },
    contentType: { type: String, default: null },
    requestId: { type: String, default: null },
    memberUrn: { type: String, required: true },
    visibility: { type: String, enum: ['PUBLIC', 'CONNECTIONS'], default: 'PUBLIC' },
    state: { type: String, enum: ['pending', 'sending', 'published', 'unconfirmed', 'failed'], required: true },
    linkedInPostId: { type: String, default: null },
    url: { type: String, default: null },
    publishedAt: { type: Date, default: null },
    sentAt: { type: Date, default: null },
    failureReason: { type: String, default: null },
    engagement: {
      type: new Schema({ likes: Number, comments: Number, reposts: Number, impressions: Number }, { _id: false }),
      default: null,
    },
    engagementCheckedAt: { type: Date, default: null },
  },
  { collection: 'posts', timestamps: true, versionKey: false },
);
postSchema.index({ key: 1 }, { unique: true });
postSchema.index({ userId: 1, state: 1, publishedAt: -1 });
postSchema.index({ contentId: 1 });

export function postModel(conn: Connection): Model<PostRecord> {
  return (conn.models.LinkedinPost as Model<PostRecord>) ?? conn.model<PostRecord>('LinkedinPost', postSchema);
}
