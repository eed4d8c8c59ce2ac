import { generateRequestSchema, type ContentType, type GenerateRequest } from '@postwright/contracts';
import { ApiError } from '../../../lib/api-client';

/** The generation form: businessGoal is the only optional field. */
export type FormField = 'topic' | 'industryRole' | 'personalExperience' | 'targetAudience' | 'businessGoal';
export type FormValues = Record<FormField, string>;
export type FormErrors = Partial<Record<FormField, string>>;

/** In the order they appear on the form (the first invalid one takes focus). */
export const formFields: readonly FormField[] = ['topic', 'industryRole', 'personalExperience', 'targetAudience', 'businessGoal'];

export const emptyForm: FormValues = { topic: '', industryRole: '', personalExperience: '', targetAudience: '', businessGoal: '' };

/** The spec's personal experience guidance, shown by the counter; the hard cap is FIELD_MAX.personalExperience. */
export const PERSONAL_EXPERIENCE_GUIDANCE = 500;

/**
 * The form rules with their messages in the spec's words, from the same contracts schema the
 * server applies: one message per field, the first that fails.
 */
export function validateForm(contentType: ContentType, values: FormValues): { errors: FormErrors; request: GenerateRequest | null } {
  const parsed = generateRequestSchema.safeParse({ ...values, contentType, businessGoal: values.businessGoal.trim() || undefined });
  if (parsed.success) return { errors: {}, request: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FormField;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return { errors, request: null };
}

/** How the server's messages about each field begin (the contracts' wording). */
const fieldPrefixes: Record<FormField, string> = {
  topic: 'Topic ',
  industryRole: 'Industry/Role ',
  personalExperience: 'Personal experience ',
  targetAudience: 'Target audience ',
  businessGoal: 'Business goal ',
};

function isField(name: string): name is FormField {
  return (formFields as readonly string[]).includes(name);
}

/**
 * A refusal that belongs to fields of the form (a 400 naming them, such as "Topic must be at
 * least 3 characters"), so each message can be shown on its field; empty when it does not.
 */
export function serverFieldErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors: FormErrors = {};
  const details = error.body?.details;
  if (details && typeof details === 'object') {
    for (const [name, message] of Object.entries(details)) {
      const field = name.replace(/^inputs\./, '');
      if (isField(field) && typeof message === 'string' && !errors[field]) errors[field] = message;
    }
  }
  const text = error.serverMessage;
  if (text) {
    const field = formFields.find((name) => text.startsWith(fieldPrefixes[name]));
    if (field && !errors[field]) errors[field] = text;
  }
  return errors;
}
