/**
 * The most characters each text field a client sends may hold, so no input of any size is
 * stored or sent to the model. One source for the contract schemas, the services' own input
 * schemas and the web forms' maxLength.
 * Lengths are counted after trimming wherever the field is trimmed.
 */
export const FIELD_MAX = {
  // generation form: short labels, except the story behind the post. The
  // 500-character counter on personal experience stays guidance; this is the hard cap.
  topic: 200,
  industryRole: 100,
  personalExperience: 2000,
  targetAudience: 200,
  businessGoal: 300,
  // account (RFC 5321 caps an address at 254) and profile; these were already enforced by
  // the auth service, so stored profiles keep fitting
  email: 254,
  password: 256,
  firstName: 100,
  lastName: 100,
  company: 200,
  role: 200,
  industry: 200,
  linkedinUrl: 500,
  bio: 2000,
  // machine values: ids, times and zones are far shorter; an OAuth code is LinkedIn's, the
  // state ours (43 characters)
  contentId: 64,
  scheduledFor: 64,
  timeZone: 64,
  oauthCode: 4096,
  oauthState: 512,
} as const;
export type LimitedField = keyof typeof FIELD_MAX;

/** "Topic must be at most 200 characters"; 1,000 and over with a thousands separator, as the spec writes numbers. */
export function atMostMessage(label: string, max: number): string {
  return `${label} must be at most ${formatCount(max)} characters`;
}

/**
 * A whole number as the spec writes it: 1,000 and over with a comma every three digits (what
 * `toLocaleString('en-US')` gives). Without Intl: its first use loads ICU's number formatting,
 * about 7 MB of resident memory in every process that formats a message when it starts.
 */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}
