import { z } from 'zod';
import { subscriptionTiers } from '@postwright/contracts';

/** Same shape as contracts' adminSetTierRequestSchema, with messages a person can read. */
export const adminSetTierInputSchema = z.object(
  {
    tier: z.enum(subscriptionTiers, { error: `Tier must be one of: ${subscriptionTiers.join(', ')}` }),
    betaDays: z
      .number({ error: 'betaDays must be a whole number of days' })
      .int('betaDays must be a whole number of days')
      .min(1, 'betaDays must be between 1 and 365')
      .max(365, 'betaDays must be between 1 and 365')
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);
