/**
 * Steps on the generator page (/content) for its tests: choose a type, fill its
 * details (pasted, so long texts stay quick), generate.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

export const typeNames = {
  controversial: 'Contrarian Take',
  story: 'Behind the Scenes',
  framework: 'Framework',
  insight: 'Industry Insight',
  learning: 'Relationship Builder',
} as const;

export const topicLabels = {
  controversial: 'What conventional wisdom do you disagree with?',
  story: 'What behind-the-scenes moment will you share?',
  framework: 'What process or framework will you teach?',
  insight: 'What trend or shift are you seeing in your industry?',
  learning: 'What lesson or question do you want to open up?',
} as const;

export const experienceLabels = {
  controversial: 'What happened that changed your mind?',
  story: 'Tell the story',
  framework: 'Where has this framework worked for you?',
  insight: 'What have you seen first-hand?',
  learning: 'What experience taught you this?',
} as const;

export type TypeKey = keyof typeof typeNames;

export const details = {
  topic: 'My 3-question filter for saying no',
  industryRole: 'COO at a logistics company',
  personalExperience: 'Last year I used three questions to cut our roadmap from 40 initiatives to 12.',
  targetAudience: 'Operations leaders',
};

export async function chooseType(type: TypeKey) {
  await userEvent.click(await screen.findByRole('radio', { name: new RegExp(`^${typeNames[type]}`) }));
}

async function put(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  if (!value) return;
  await userEvent.click(field);
  await userEvent.paste(value);
}

export async function fillDetails(type: TypeKey, overrides: Partial<typeof details> = {}) {
  const values = { ...details, ...overrides };
  await put(screen.getByLabelText(topicLabels[type]), values.topic);
  await put(screen.getByLabelText('Industry/Role'), values.industryRole);
  await put(screen.getByLabelText(experienceLabels[type]), values.personalExperience);
  await put(screen.getByLabelText('Target Audience'), values.targetAudience);
}

export async function pressGenerate() {
  await userEvent.click(screen.getByRole('button', { name: /^(Generate Content|Generate again)$/ }));
}

/** Chooses the type, fills the details and presses Generate, waiting for nothing. */
export async function fillAndGenerate(type: TypeKey = 'framework', overrides: Partial<typeof details> = {}) {
  await chooseType(type);
  await fillDetails(type, overrides);
  await pressGenerate();
}

/** Chooses the type, fills the details, generates and waits for the hooks. */
export async function generateDraft(type: TypeKey = 'framework', overrides: Partial<typeof details> = {}) {
  await fillAndGenerate(type, overrides);
  return screen.findByRole('group', { name: 'Hooks' });
}
