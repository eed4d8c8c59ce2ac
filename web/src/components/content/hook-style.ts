import type { HookStyleOrUnknown } from '@postwright/contracts';

/** A hook style's name wherever the app shows one (the generator's hooks, the Insights page). */
export const hookStyleLabels: Record<HookStyleOrUnknown, string> = {
  claim: 'Claim',
  question: 'Question',
  number: 'Number',
  story: 'Story',
  contrast: 'Contrast',
  unknown: 'No style recorded',
};
