import type { ErrorCode } from '@postwright/contracts';
import type { z } from 'zod';
import { AppError } from './errors';

/**
 * Parses untrusted input with a contracts schema. On failure: 400 whose `error` is the
 * first problem's message and whose `details` map each field to its message.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, code: ErrorCode = 'REQUEST.INVALID'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    details[field] ??= issue.message;
  }
  const [first] = result.error.issues;
  const field = first.path.join('.');
  const message =
    first.code === 'invalid_type' && first.message.startsWith('Invalid input')
      ? `${field || 'Body'} is ${first.input === undefined ? 'required' : 'invalid'}`
      : first.message;
  throw AppError.badRequest(message, details, code);
}
