import type { ContentType, GenerateRequest } from '@postwright/contracts';

/** A complete, valid generation form; override what the test is about. */
export function buildGenerateRequest(overrides: Partial<Record<keyof GenerateRequest, unknown>> = {}): Record<string, unknown> {
  return {
    contentType: 'controversial' satisfies ContentType,
    topic: 'Remote work productivity',
    industryRole: 'VP of Engineering at a SaaS company',
    personalExperience:
      'When we went fully remote, our output dropped for three months. We fixed it by replacing daily standups with written updates and protecting four hours of focus time a day.',
    targetAudience: 'Engineering leaders',
    businessGoal: 'Attract senior engineers to join my team',
    ...overrides,
  };
}
