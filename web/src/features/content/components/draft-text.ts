import type { ContentItem, EditRequest, GenerationInputs } from '@postwright/contracts';
import { emptyForm, type FormValues } from './generation-form';

/** The post text: the chosen hook, a blank line, then the body. */
export function composePost(hook: string | null, body: string): string {
  return hook ? `${hook}\n\n${body}` : body;
}

/**
 * The body as the author left it. The saved text (finalContent) is the hook, a blank line and
 * the body when a hook was chosen: split it back. Text saved elsewhere that no longer opens
 * with the hook (edited whole in Content Management) is kept whole, without a hook, so nothing
 * is doubled or lost.
 */
export function splitPost(item: Pick<ContentItem, 'selectedHook' | 'finalContent' | 'generatedContent'>): { hook: string | null; body: string } {
  const saved = item.finalContent && item.finalContent.trim() ? item.finalContent : null;
  const hook = item.selectedHook || null;
  if (!saved) return { hook, body: item.generatedContent };
  if (!hook) return { hook: null, body: saved };
  const opening = `${hook}\n\n`;
  if (saved.startsWith(opening)) return { hook, body: saved.slice(opening.length) };
  if (saved === hook) return { hook, body: '' };
  return { hook: null, body: saved };
}

/** The form the draft was generated from (the topic is the item's own). */
export function formFromItem(item: Pick<ContentItem, 'topic' | 'inputs'>): FormValues {
  return {
    ...emptyForm,
    topic: item.topic,
    industryRole: item.inputs?.industryRole ?? '',
    personalExperience: item.inputs?.personalExperience ?? '',
    targetAudience: item.inputs?.targetAudience ?? '',
    businessGoal: item.inputs?.businessGoal ?? '',
  };
}

export function inputsFromForm(form: FormValues): GenerationInputs {
  return {
    industryRole: form.industryRole,
    personalExperience: form.personalExperience,
    targetAudience: form.targetAudience,
    businessGoal: form.businessGoal === '' ? null : form.businessGoal,
  };
}

/**
 * What autosave sends: the whole post text, the hook and the form beside it. A scheduled post
 * keeps its time and its form: the form on screen is for a new post (Generate starts one).
 */
export function editPayload(form: FormValues, hook: string | null, body: string, status: ContentItem['status'] = 'draft'): EditRequest {
  const text = { editedContent: composePost(hook, body), saveAsDraft: true, selectedHook: hook };
  return status === 'draft' ? { ...text, topic: form.topic, inputs: inputsFromForm(form) } : text;
}
