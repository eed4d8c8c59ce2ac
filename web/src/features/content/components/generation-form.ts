import { generateRequestSchema, type ContentType, type GenerateRequest } from '@postwright/contracts';

/** The generation form (spec section 3): businessGoal is the only optional field. */
export type FormField = 'topic' | 'industryRole' | 'personalExperience' | 'targetAudience' | 'businessGoal';
export type FormValues = Record<FormField, string>;
export type FormErrors = Partial<Record<FormField, string>>;

export const emptyForm: FormValues = { topic: '', industryRole: '', personalExperience: '', targetAudience: '', businessGoal: '' };

/** Spec section 9: personal experience guidance, shown by the counter; the hard cap is FIELD_MAX.personalExperience. */
export const PERSONAL_EXPERIENCE_GUIDANCE = 500;

/**
 * The rules of spec section 5 with their exact messages, from the same contracts schema the
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
