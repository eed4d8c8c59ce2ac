import { Schema, type Connection, type Model, type SchemaType } from 'mongoose';
import { contentStatuses, contentTypes, hookStyleOrUnknownSchema, type ContentStatus, type ContentType, type GenerationInputs, type HookStyleOrUnknown } from '@postwright/contracts';

/**
 * The text of a draft and the form it came from: what "Generate again" replaces (keeping it
 * as the previous version) and what restore-previous swaps back.
 */
export interface ContentVersion {
  /**
   * topic and inputs: the generation form as submitted, then as autosaved beside the draft, so
   * a post can be traced back to what the author said and the form comes back with the draft
   */
  topic: string;
  inputs: GenerationInputs;
  generator: { provider: string; model: string };
  generatedContent: string;
  hooks: string[];
  /** each hook's style, parallel to `hooks` (items from before hooks had styles have none stored: read as unknown) */
  hookStyles: HookStyleOrUnknown[];
  selectedHook: string | null;
  /**
   * the chosen hook's style, stored when a hook is chosen and kept when its text is edited
   * (null: none stored; content.records' chosenHookStyle reads it from the hooks then)
   */
  selectedHookStyle: HookStyleOrUnknown | null;
  finalContent: string | null;
}

export interface ContentDocument extends ContentVersion {
  userId: string;
  contentType: ContentType;
  /** the version "Generate again" replaced; null when there is none */
  previous: ContentVersion | null;
  /** the previous version is the newer text (an Undo brought the older one back), so restoring it is a Redo */
  previousIsNewer: boolean;
  /**
   * "Generate again" runs of this draft that were free, those under way included (at most
   * FREE_REGENERATIONS_PER_DRAFT): the member's posts count posts, not attempts
   */
  freeRegenerationsTaken: number;
  /** the free runs under way: key -> when it is given back if nobody finishes it (a replica that died) */
  freeRegenerationHolds: Record<string, Date>;
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

/**
 * The form's text fields must be there, but may be empty: the form autosaves while the author
 * is typing. Mongoose's `required` refuses '' for strings, so these paths count any
 * string as present (the generation form's own rules are checked when it is submitted).
 */
const FORM_TEXT_PATHS = ['topic', 'inputs.industryRole', 'inputs.personalExperience', 'inputs.targetAudience'] as const;
const presentEvenIfEmpty = (schema: Schema) => {
  for (const path of FORM_TEXT_PATHS) {
    // the per-path override of what `required` accepts (mongoose types only the global one)
    const type = schema.path(path) as SchemaType & { checkRequired(value: unknown): boolean };
    type.checkRequired = (value: unknown) => typeof value === 'string';
  }
};

const versionFields = {
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
  // no default: an item from before hooks had styles keeps none, and reads as unknown
  hookStyles: { type: [{ type: String, enum: hookStyleOrUnknownSchema.options }], default: undefined },
  selectedHook: { type: String, default: null },
  selectedHookStyle: { type: String, enum: hookStyleOrUnknownSchema.options, default: null },
  finalContent: { type: String, default: null },
};

const versionSchema = new Schema<ContentVersion>(versionFields, { _id: false });
presentEvenIfEmpty(versionSchema);

const contentSchema = new Schema<ContentDocument>(
  {
    userId: { type: String, required: true },
    contentType: { type: String, enum: contentTypes, required: true },
    ...versionFields,
    previous: { type: versionSchema, default: null },
    previousIsNewer: { type: Boolean, default: false },
    freeRegenerationsTaken: { type: Number, default: 0 },
    freeRegenerationHolds: { type: Schema.Types.Mixed, default: () => ({}) },
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

presentEvenIfEmpty(contentSchema);

// the list query: one user's items, newest first
contentSchema.index({ userId: 1, createdAt: -1 });

export type ContentModel = Model<ContentDocument>;

export function contentModel(conn: Connection): ContentModel {
  return (conn.models.ContentItem as ContentModel | undefined) ?? conn.model<ContentDocument>('ContentItem', contentSchema);
}
