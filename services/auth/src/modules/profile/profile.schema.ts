import { z } from 'zod';
import { text } from '../auth/auth.schema';

/** Optional free text: absent = unchanged, null or blank = cleared. */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
}

const HTTP_URL_MESSAGE = 'LinkedIn URL must be a valid URL starting with http:// or https://';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * PUT /api/users/profile. The email is read-only: sending the current address (any case
 * or spacing) is accepted, sending another one answers 400 "Email cannot be changed".
 * Fields not listed here (tier, role, quota...) are ignored.
 */
export const profileUpdateInputSchema = z.object(
  {
    firstName: text('First name', 100).optional(),
    lastName: text('Last name', 100).optional(),
    email: z.string({ error: 'Email must be text' }).trim().toLowerCase().nullable().optional(),
    company: optionalText('Company', 200),
    role: optionalText('Role', 200),
    industry: optionalText('Industry', 200),
    linkedinUrl: optionalText('LinkedIn URL', 500).refine((v) => v == null || isHttpUrl(v), HTTP_URL_MESSAGE),
    bio: optionalText('Bio', 2000),
  },
  { error: 'Request body must be a JSON object' },
);
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>;
