import { z } from 'zod';
import { usageSchema } from './billing';
import { contentStatusSchema, contentTypeSchema, contentTypes, engagementSchema, type ContentType } from './domain';
import { hookStyleOrUnknownSchema } from './insights';
import { atMostMessage, FIELD_MAX } from './limits';

const iso = z.string().datetime({ offset: true });

/** LinkedIn's limit on a post's commentary. */
export const POST_MAX_LENGTH = 3000;
/**
 * The most a saved post text may hold. A draft may be longer than LinkedIn allows (what was
 * pasted is kept, and publishing and scheduling refuse it until it fits); this bound only keeps
 * a stored text reasonable.
 */
export const DRAFT_MAX_LENGTH = 20000;

/** The framework's five types, their day, purpose and funnel role. */
export const contentTypeInfo: Record<
  ContentType,
  { name: string; day: 'Monday' | 'Wednesday' | 'Friday'; purpose: string; funnel: 'top' | 'middle' | 'bottom' }
> = {
  controversial: { name: 'Contrarian Take', day: 'Monday', purpose: 'authority building', funnel: 'top' },
  story: { name: 'Behind the Scenes', day: 'Wednesday', purpose: 'value delivery', funnel: 'middle' },
  framework: { name: 'Framework', day: 'Wednesday', purpose: 'value delivery', funnel: 'middle' },
  insight: { name: 'Industry Insight', day: 'Friday', purpose: 'value delivery', funnel: 'middle' },
  learning: { name: 'Relationship Builder', day: 'Friday', purpose: 'engagement', funnel: 'bottom' },
};

/** The length a post should aim for. */
export const OPTIMAL_POST_LENGTH = { min: 1300, max: 1600 } as const;
/** Each hook must stand above LinkedIn's "see more" fold. */
export const HOOK_MAX_LENGTH = 210;
export const HOOK_COUNT = 5;

/**
 * The generation form as the author left it: kept on the draft so the form comes back with it.
 * Topic lives on the item itself.
 */
export const generationInputsSchema = z.object({
  industryRole: z.string(),
  personalExperience: z.string(),
  targetAudience: z.string(),
  businessGoal: z.string().nullable(),
});
export type GenerationInputs = z.infer<typeof generationInputsSchema>;

/** A content item, plus the publish outcome fields the cards show. */
export const contentItemSchema = z.object({
  id: z.string(),
  contentType: contentTypeSchema,
  topic: z.string(),
  generatedContent: z.string(),
  hooks: z.array(z.string()),
  /** each hook's style, parallel to `hooks`; `unknown` for hooks written before hooks had styles */
  hookStyles: z.array(hookStyleOrUnknownSchema),
  selectedHook: z.string().nullable(),
  /** the chosen hook's style, kept when its text is edited; null when no hook is chosen */
  selectedHookStyle: hookStyleOrUnknownSchema.nullable(),
  finalContent: z.string().nullable(),
  status: contentStatusSchema,
  createdAt: iso,
  updatedAt: iso,
  publishedAt: iso.nullable(),
  scheduledFor: iso.nullable(),
  linkedinPostId: z.string().nullable(),
  linkedinPostUrl: z.string().nullable(),
  engagement: engagementSchema.nullable(),
  /** why the last publish failed (shown on the card); null when none */
  lastPublishError: z.string().nullable(),
  /** LinkedIn may have accepted the post but the answer was lost: check before publishing again */
  publishUnconfirmed: z.boolean(),
  /** the form the post was generated from, as last saved */
  inputs: generationInputsSchema,
  /** "Generate again" kept the text it replaced: POST /api/content/:id/restore-previous brings it back */
  hasPreviousVersion: z.boolean(),
  /**
   * true after restore-previous brought the older text back: the version kept aside is then the
   * newer one, and the next restore-previous is a Redo; false after "Generate again" (absent from an older server)
   */
  previousVersionIsNewer: z.boolean().optional(),
  /** how many more times "Generate again" on this draft is free (FREE_REGENERATIONS_PER_DRAFT in all); absent from an older server */
  freeRegenerationsLeft: z.number().int().nonnegative().optional(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/**
 * The generation form rules with their messages in the spec's words, plus a maximum on every
 * field (FIELD_MAX) so no input can run up the model's bill.
 */
export const generateRequestSchema = z.object({
  contentType: z.enum(contentTypes, {
    error: 'Content type must be one of: controversial, story, framework, insight, learning',
  }),
  topic: z
    .string({ error: 'Topic is required' })
    .trim()
    .min(1, 'Topic is required')
    .min(3, 'Topic must be at least 3 characters')
    .max(FIELD_MAX.topic, atMostMessage('Topic', FIELD_MAX.topic)),
  industryRole: z
    .string({ error: 'Industry/Role is required' })
    .trim()
    .min(1, 'Industry/Role is required')
    .min(2, 'Industry/Role must be at least 2 characters')
    .max(FIELD_MAX.industryRole, atMostMessage('Industry/Role', FIELD_MAX.industryRole)),
  personalExperience: z
    .string({ error: 'Personal experience is required' })
    .trim()
    .min(1, 'Personal experience is required')
    .min(10, 'Personal experience must be at least 10 characters')
    .max(FIELD_MAX.personalExperience, atMostMessage('Personal experience', FIELD_MAX.personalExperience)),
  targetAudience: z
    .string({ error: 'Target audience is required' })
    .trim()
    .min(1, 'Target audience is required')
    .max(FIELD_MAX.targetAudience, atMostMessage('Target audience', FIELD_MAX.targetAudience)),
  businessGoal: z
    .string()
    .trim()
    .max(FIELD_MAX.businessGoal, atMostMessage('Business goal', FIELD_MAX.businessGoal))
    .optional(),
  /**
   * "Generate again" on a draft: the new text replaces this draft's in place (the
   * old one kept one undo away) instead of a second draft. Only the owner's drafts of the same type.
   */
  contentId: z.string().min(1, 'Content not found').max(FIELD_MAX.contentId, 'Content not found').optional(),
});
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const generateResponseSchema = z.object({
  content: contentItemSchema,
  user: z.object({ trialPostsRemaining: z.number().int().nonnegative().nullable(), usage: usageSchema }),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

export const contentListResponseSchema = z.object({ content: z.array(contentItemSchema) });

/** GET /api/content?page&limit: without them, the newest 200. */
export const CONTENT_LIST_MAX_LIMIT = 200;
export const contentListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number of 1 or more' })
    .int('page must be a whole number of 1 or more')
    .min(1, 'page must be a whole number of 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 200' })
    .int('limit must be a whole number from 1 to 200')
    .min(1, 'limit must be a whole number from 1 to 200')
    .max(CONTENT_LIST_MAX_LIMIT, 'limit must be a whole number from 1 to 200')
    .default(CONTENT_LIST_MAX_LIMIT),
});
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

export const editRequestSchema = z.object({
  editedContent: z
    .string({ error: 'Edited content is required' })
    .refine((s) => s.trim().length > 0, 'Edited content is required')
    .refine((s) => s.length <= DRAFT_MAX_LENGTH, atMostMessage('Edited content', DRAFT_MAX_LENGTH)),
  saveAsDraft: z.boolean({ error: 'saveAsDraft must be true or false' }).optional(),
  selectedHook: z
    .string({ error: 'Selected hook must be text' })
    .max(POST_MAX_LENGTH, atMostMessage('Selected hook', POST_MAX_LENGTH))
    .nullable()
    .optional(),
  /**
   * The form beside the draft, autosaved as typed: works in progress, so only the
   * maxima apply here; "Generate again" checks the spec's rules. Drafts only.
   */
  topic: z.string({ error: 'Topic must be text' }).max(FIELD_MAX.topic, atMostMessage('Topic', FIELD_MAX.topic)).optional(),
  inputs: z
    .object({
      industryRole: z.string({ error: 'Industry/Role must be text' }).max(FIELD_MAX.industryRole, atMostMessage('Industry/Role', FIELD_MAX.industryRole)),
      personalExperience: z
        .string({ error: 'Personal experience must be text' })
        .max(FIELD_MAX.personalExperience, atMostMessage('Personal experience', FIELD_MAX.personalExperience)),
      targetAudience: z.string({ error: 'Target audience must be text' }).max(FIELD_MAX.targetAudience, atMostMessage('Target audience', FIELD_MAX.targetAudience)),
      businessGoal: z
        .string({ error: 'Business goal must be text' })
        .max(FIELD_MAX.businessGoal, atMostMessage('Business goal', FIELD_MAX.businessGoal))
        .nullable(),
    })
    .partial()
    .optional(),
});
export type EditRequest = z.infer<typeof editRequestSchema>;

export const contentResponseSchema = z.object({ content: contentItemSchema });

/**
 * The text that goes to LinkedIn for an item: the saved final text when there is one,
 * else the chosen hook, a blank line, then the body, as the preview shows it.
 */
export function postTextOf(item: Pick<ContentItem, 'finalContent' | 'selectedHook' | 'generatedContent'>): string {
  if (item.finalContent && item.finalContent.trim()) return item.finalContent;
  return item.selectedHook ? `${item.selectedHook}\n\n${item.generatedContent}` : item.generatedContent;
}
