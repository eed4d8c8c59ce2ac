import { z } from 'zod';
import { contentStatusSchema, contentTypeSchema, engagementSchema } from './domain';

const iso = z.string().datetime({ offset: true });

/** Spec section 3, Content item, plus the publish outcome fields the cards show. */
export const contentItemSchema = z.object({
  id: z.string(),
  contentType: contentTypeSchema,
  topic: z.string(),
  generatedContent: z.string(),
  hooks: z.array(z.string()),
  selectedHook: z.string().nullable(),
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
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** Spec section 5: generation form rules with their exact messages. */
export const generateRequestSchema = z.object({
  contentType: contentTypeSchema,
  topic: z
    .string({ error: 'Topic is required' })
    .trim()
    .min(1, 'Topic is required')
    .min(3, 'Topic must be at least 3 characters'),
  industryRole: z
    .string({ error: 'Industry/Role is required' })
    .trim()
    .min(1, 'Industry/Role is required')
    .min(2, 'Industry/Role must be at least 2 characters'),
  personalExperience: z
    .string({ error: 'Personal experience is required' })
    .trim()
    .min(1, 'Personal experience is required')
    .min(10, 'Personal experience must be at least 10 characters'),
  targetAudience: z
    .string({ error: 'Target audience is required' })
    .trim()
    .min(1, 'Target audience is required'),
  businessGoal: z.string().trim().optional(),
});
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const generateResponseSchema = z.object({
  content: contentItemSchema,
  user: z.object({ trialPostsRemaining: z.number().int().nonnegative().nullable() }),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

export const contentListResponseSchema = z.object({ content: z.array(contentItemSchema) });

export const editRequestSchema = z.object({
  editedContent: z.string(),
  saveAsDraft: z.boolean().optional(),
  selectedHook: z.string().nullable().optional(),
});
export type EditRequest = z.infer<typeof editRequestSchema>;

export const contentResponseSchema = z.object({ content: contentItemSchema });

/**
 * The text that goes to LinkedIn for an item: the saved final text when there is one,
 * else the chosen hook, a blank line, then the body (spec section 2, preview).
 */
export function postTextOf(item: Pick<ContentItem, 'finalContent' | 'selectedHook' | 'generatedContent'>): string {
  if (item.finalContent && item.finalContent.trim()) return item.finalContent;
  return item.selectedHook ? `${item.selectedHook}\n\n${item.generatedContent}` : item.generatedContent;
}

/** LinkedIn's limit on a post's commentary. */
export const POST_MAX_LENGTH = 3000;
