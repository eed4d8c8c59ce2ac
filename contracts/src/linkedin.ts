import { z } from 'zod';
import { contentItemSchema, POST_MAX_LENGTH } from './content';
import { atMostMessage, FIELD_MAX } from './limits';

export const authUrlResponseSchema = z.object({ authURL: z.string().url(), state: z.string() });

/** In the spec's words, missing or unusable parameters all read "Invalid callback parameters. Please try connecting again." */
export const CALLBACK_PARAMETERS_MESSAGE = 'Invalid callback parameters. Please try connecting again.';
export const callbackRequestSchema = z.object({
  code: z.string({ error: CALLBACK_PARAMETERS_MESSAGE }).min(1, CALLBACK_PARAMETERS_MESSAGE).max(FIELD_MAX.oauthCode, CALLBACK_PARAMETERS_MESSAGE),
  state: z.string({ error: CALLBACK_PARAMETERS_MESSAGE }).min(1, CALLBACK_PARAMETERS_MESSAGE).max(FIELD_MAX.oauthState, CALLBACK_PARAMETERS_MESSAGE),
});

/**
 * LINKEDIN.RECONNECT_REQUIRED's words: the member's grant has ended. A scheduled post that fails
 * so keeps them as its lastPublishError, which is text only: the web knows this reason by them.
 */
export const RECONNECT_REQUIRED_MESSAGE = 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.';

export const linkedinProfileSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  localizedFirstName: z.string().nullable(),
  localizedLastName: z.string().nullable(),
  headline: z.string().nullable(),
  publicProfileUrl: z.string().nullable(),
  profilePicture: z.object({ displayImage: z.string().nullable() }),
});
export type LinkedinProfile = z.infer<typeof linkedinProfileSchema>;

export const callbackResponseSchema = z.object({ profile: linkedinProfileSchema });

export const profileStatusResponseSchema = z.object({
  connected: z.literal(true),
  profile: linkedinProfileSchema,
  /**
   * when the connection stops working unless the member reconnects (ISO 8601): the access
   * token's end (60 days) for a self-serve app, the refresh token's for an approved partner
   */
  expiresAt: z.string(),
  /** true from 7 days before `expiresAt` (and once expired): the member should reconnect */
  reconnectSoon: z.boolean().optional(),
  scopes: z.array(z.string()).optional(),
  /** the grant is dead (expired or revoked at LinkedIn): the member must reconnect */
  expired: z.boolean().optional(),
  /** whether likes, comments, reposts and views can be shown, and in plain words why not */
  engagement: z.object({ available: z.boolean(), reason: z.string().nullable() }).optional(),
});
export type ProfileStatusResponse = z.infer<typeof profileStatusResponseSchema>;

export const visibilitySchema = z.enum(['PUBLIC', 'CONNECTIONS']);

export const publishRequestSchema = z.object({
  contentId: z.string().min(1).max(FIELD_MAX.contentId, 'Content not found'),
  /** LinkedIn's own limit on a post */
  text: z.string().max(POST_MAX_LENGTH, atMostMessage('Post text', POST_MAX_LENGTH)),
  visibility: visibilitySchema.default('PUBLIC'),
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;

export const publishResponseSchema = z.object({
  linkedinPost: z.object({ id: z.string(), url: z.string() }),
  content: contentItemSchema,
});

export const linkedinPostRecordSchema = z.object({
  id: z.string(),
  linkedInPostId: z.string(),
  contentType: z.string().nullable(),
  contentId: z.string().nullable(),
  url: z.string(),
  publishedAt: z.string(),
});

export const paginationSchema = z.object({
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
});

export const postsListResponseSchema = z.object({
  posts: z.array(linkedinPostRecordSchema),
  pagination: paginationSchema,
});

export const disconnectResponseSchema = z.object({ success: z.literal(true) });

/** GET /api/linkedin/posts?page&limit: the member's published posts, newest first. */
const PAGE_MESSAGE = 'page must be a whole number of 1 or more';
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
export const postsListQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(100_000).default(1),
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).default(10),
});
export const refreshProfileResponseSchema = z.object({ profilePictureUpdated: z.boolean() });
