import { z } from 'zod';
import { atMostMessage, FIELD_MAX } from '@postwright/contracts';

/** "<Label> is required" when missing or blank, "<Label> must be text" for another type. */
export function text(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, atMostMessage(label, max));
}

/**
 * A person's name: one line of text (it is written into emails and headers of the product, where
 * a line break would start text of its own).
 */
export function personName(label: string, max: number) {
  // eslint-disable-next-line no-control-regex
  return text(label, max).refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${label} must be one line of text`);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased: one account per address whatever the spelling. */
const emailInput = text('Email', FIELD_MAX.email)
  .toLowerCase()
  .refine((v) => EMAIL.test(v), 'Please enter a valid email address');

const passwordInput = z.string({
  error: (issue) => (issue.input === undefined || issue.input === null ? 'Password is required' : 'Password must be text'),
});

export const signupInputSchema = z.object(
  {
    email: emailInput,
    password: passwordInput
      .min(8, 'Password must be at least 8 characters')
      .max(FIELD_MAX.password, atMostMessage('Password', FIELD_MAX.password)),
    firstName: personName('First name', FIELD_MAX.firstName),
    lastName: personName('Last name', FIELD_MAX.lastName),
  },
  { error: 'Request body must be a JSON object' },
);
export type SignupInput = z.infer<typeof signupInputSchema>;

export const loginInputSchema = z.object(
  {
    email: text('Email', FIELD_MAX.email).toLowerCase(),
    password: passwordInput.min(1, 'Password is required').max(FIELD_MAX.password, 'Invalid email or password'),
  },
  { error: 'Request body must be a JSON object' },
);
export type LoginInput = z.infer<typeof loginInputSchema>;

const refreshTokenInput = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Refresh token is required' : 'Refresh token must be text') })
  .min(1, 'Refresh token is required')
  .max(512, 'Invalid refresh token');

/**
 * The refresh and logout bodies. The token may be left out of the body when the refresh cookie
 * carries it (the web app's way); a token in the body is used first (API clients).
 */
export const refreshInputSchema = z.object({ refreshToken: refreshTokenInput.nullish() }, { error: 'Request body must be a JSON object' });

export const logoutInputSchema = refreshInputSchema;

/** The token a refresh goes on with, from the body or else the cookie: one of them must hold it. */
export const presentedRefreshTokenSchema = z.object({ refreshToken: refreshTokenInput });
