import { LINKEDIN_URL_MESSAGE, normaliseLinkedInUrl, profileUpdateRequestSchema, type ProfileUpdateRequest, type User } from '@postwright/contracts';

export type ProfileField = 'firstName' | 'lastName' | 'email' | 'role' | 'company' | 'industry' | 'linkedinUrl' | 'bio';
export type ProfileValues = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const profileFields: readonly ProfileField[] = ['firstName', 'lastName', 'email', 'role', 'company', 'industry', 'linkedinUrl', 'bio'];

/** The auth service's words for a LinkedIn URL it refuses (services/auth profile.schema.ts). */
export const LINKEDIN_URL_INVALID = LINKEDIN_URL_MESSAGE;

export function valuesOf(user: User): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    role: user.role ?? '',
    company: user.company ?? '',
    industry: user.industry ?? '',
    linkedinUrl: user.linkedinUrl ?? '',
    bio: user.bio ?? '',
  };
}

export function requestOf(values: ProfileValues): ProfileUpdateRequest {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    company: values.company,
    role: values.role,
    industry: values.industry,
    // sent as it will be stored ("linkedin.com/in/ada" -> "https://www.linkedin.com/in/ada"); blank clears it
    linkedinUrl: normaliseLinkedInUrl(values.linkedinUrl) ?? values.linkedinUrl,
    bio: values.bio,
  };
}

/**
 * What the server would refuse, found before a round trip, each on its field: the maxima of
 * the contracts and the web-address rule for the LinkedIn URL (the browser's own URL check is off,
 * so the message is the same text on the field, not a passing bubble).
 */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const checked = profileUpdateRequestSchema.safeParse(requestOf(values));
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as ProfileField;
      if (profileFields.includes(field)) errors[field] ??= issue.message;
    }
  }
  const url = values.linkedinUrl.trim();
  if (url && !errors.linkedinUrl && normaliseLinkedInUrl(url) === null) errors.linkedinUrl = LINKEDIN_URL_INVALID;
  return errors;
}
