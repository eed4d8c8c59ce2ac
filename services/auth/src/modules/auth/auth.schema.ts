import { z } from 'zod';

/** "<Label> is required" when missing or blank, "<Label> must be text" for another type. */
export function text(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased: one account per address whatever the spelling. */
export const emailInput = text('Email', 254)
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
      .max(256, 'Password must be at most 256 characters'),
    firstName: text('First name', 100),
    lastName: text('Last name', 100),
  },
  { error: 'Request body must be a JSON object' },
);
export type SignupInput = z.infer<typeof signupInputSchema>;

export const loginInputSchema = z.object(
  {
    email: text('Email', 254).toLowerCase(),
    password: passwordInput.min(1, 'Password is required').max(256, 'Invalid email or password'),
  },
  { error: 'Request body must be a JSON object' },
);
export type LoginInput = z.infer<typeof loginInputSchema>;

const refreshTokenInput = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Refresh token is required' : 'Refresh token must be text') })
  .min(1, 'Refresh token is required')
  .max(512, 'Invalid refresh token');

export const refreshInputSchema = z.object({ refreshToken: refreshTokenInput }, { error: 'Request body must be a JSON object' });

export const logoutInputSchema = z.object({ refreshToken: refreshTokenInput.nullish() }, { error: 'Request body must be a JSON object' });
