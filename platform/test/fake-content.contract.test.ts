import { randomBytes } from 'node:crypto';
import { TEST_INTERNAL_TOKEN } from '../src/testing';
import { describeContentContract } from '../src/testing/contracts/content-contract';
import { startFakeContent } from '../src/testing/fakes/content';

/** The fake the LinkedIn and scheduler tests call answers the same contract cases as the real content service. */
describeContentContract('the fake of the test kit', async () => {
  const fake = await startFakeContent({ internalToken: TEST_INTERNAL_TOKEN });
  return {
    url: fake.url,
    newUserId: async () => randomBytes(12).toString('hex'),
    newDraft: async (userId) => fake.addDraft(userId, { text: 'A post worth reading.' }),
    stop: () => fake.stop(),
  };
});
