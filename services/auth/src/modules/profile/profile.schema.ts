import { z } from 'zod';
import { atMostMessage, FIELD_MAX, LINKEDIN_URL_MESSAGE, normaliseLinkedInUrl } from '@postwright/contracts';
import { personName } from '../auth/auth.schema';

/** Optional free text: absent = unchanged, null or blank = cleared. */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, atMostMessage(label, max))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
}

/**
 * A LinkedIn URL as typed ("linkedin.com/in/ada" too), stored as a full https address (contracts
 * `normaliseLinkedInUrl`). The cap holds for the address stored, which can be longer than the one
 * typed: else a stored address would refuse every later save of the profile.
 */
const linkedinUrl = optionalText('LinkedIn URL', FIELD_MAX.linkedinUrl).transform((value, ctx) => {
  if (value == null) return value;
  const normalised = normaliseLinkedInUrl(value);
  if (normalised === null) ctx.addIssue({ code: 'custom', message: LINKEDIN_URL_MESSAGE });
  else if (normalised.length > FIELD_MAX.linkedinUrl) ctx.addIssue({ code: 'custom', message: atMostMessage('LinkedIn URL', FIELD_MAX.linkedinUrl) });
  else return normalised;
  return z.NEVER;
});

/**
 * PUT /api/users/profile. The email is read-only: sending the current address (any case
 * or spacing) is accepted, sending another one answers 400 "Email cannot be changed".
 * Fields not listed here (tier, role, quota...) are ignored.
 */
export const profileUpdateInputSchema = z.object(
  {
    firstName: personName('First name', FIELD_MAX.firstName).optional(),
    lastName: personName('Last name', FIELD_MAX.lastName).optional(),
    email: z
      .string({ error: 'Email must be text' })
      .trim()
      .max(FIELD_MAX.email, atMostMessage('Email', FIELD_MAX.email))
      .toLowerCase()
      .nullable()
      .optional(),
    company: optionalText('Company', FIELD_MAX.company),
    role: optionalText('Role', FIELD_MAX.role),
    industry: optionalText('Industry', FIELD_MAX.industry),
    linkedinUrl,
    bio: optionalText('Bio', FIELD_MAX.bio),
  },
  { error: 'Request body must be a JSON object' },
);
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>;
