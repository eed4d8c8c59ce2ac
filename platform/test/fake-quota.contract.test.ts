import { randomBytes } from 'node:crypto';
import { TEST_INTERNAL_TOKEN } from '../src/testing';
import { describeQuotaContract } from '../src/testing/contracts/quota-contract';
import { startFakeQuota } from '../src/testing/fakes/quota';

/** The fake the content service's tests call answers the same contract cases as the real auth service. */
describeQuotaContract('the fake of the test kit', async () => {
  const fake = await startFakeQuota({ internalToken: TEST_INTERNAL_TOKEN });
  return {
    url: fake.url,
    unknownUserId: '0'.repeat(24),
    async newUser(tier = 'trial', options = {}) {
      const id = randomBytes(12).toString('hex');
      const email = `member-${id}@example.com`;
      fake.addUser(id, tier, { email, emailVerified: options.verified ?? true });
      if (options.overdue) fake.setOverdue(id, true);
      if (options.trialEnded) fake.setTrialEnded(id, true);
      return { id, email, trialPostsUsed: async () => fake.trialPostsUsed(id) };
    },
    stop: () => fake.stop(),
  };
});
