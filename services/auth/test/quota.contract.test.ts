import { Types } from 'mongoose';
import { cleanupNamespace, http, testNamespace } from '@postwright/platform/src/testing';
import { describeQuotaContract } from '@postwright/platform/src/testing/contracts/quota-contract';
import { signupUser, startAuth, subscribe } from './support/harness';

/** The real auth service answers the quota contract the content service's fake plays (platform/src/testing/fakes/quota.ts). */
describeQuotaContract('the auth service', async () => {
  const ns = testNamespace();
  const auth = await startAuth(ns);
  return {
    url: auth.url,
    unknownUserId: '0'.repeat(24),
    async newUser(tier = 'trial', options = {}) {
      const { user, tokens } = await signupUser(auth.url);
      if (tier === 'beta' || tier === 'premium') await auth.modules.admin.setTier(user.id, { tier });
      else if (tier !== 'trial') await subscribe(auth, user.id, { plan: tier, status: options.overdue ? 'unpaid' : 'active' });
      if (options.verified) await auth.modules.users.markEmailVerified(user.id, new Date());
      // the trial's 30 days have passed
      if (options.trialEnded) await auth.ctx.mongo.collection('users').updateOne({ _id: new Types.ObjectId(user.id) }, { $set: { trialEndsAt: new Date(Date.now() - 60_000) } });
      return {
        id: user.id,
        email: user.email,
        trialPostsUsed: async () => (await http(auth.url, 'GET', '/api/users/profile', { token: tokens.accessToken })).body.user.trialPostsUsed,
      };
    },
    async stop() {
      await auth.stop();
      await cleanupNamespace(ns);
    },
  };
});
