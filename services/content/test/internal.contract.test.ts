import { describeContentContract } from '@postwright/platform/src/testing/contracts/content-contract';
import { startStack, type TestUser } from './support/stack';

/** The real content service answers the internal API contract the LinkedIn and scheduler tests' fake plays (platform/src/testing/fakes/content.ts). */
describeContentContract('the content service', async () => {
  const stack = await startStack({ OPENAI_API_KEY: '' });
  const users = new Map<string, TestUser>();
  return {
    url: stack.content.url,
    async newUserId() {
      const user = await stack.user({ tier: 'premium' });
      users.set(user.id, user);
      return user.id;
    },
    async newDraft(userId) {
      const item = await stack.draft(users.get(userId)!);
      return { ...item, userId };
    },
    stop: () => stack.stop(),
  };
});
