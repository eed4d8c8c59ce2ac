import { eventually } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

/**
 * Connecting LinkedIn shows on the account (the auth service consumes linkedin.connected and
 * linkedin.profile.updated): a journey across the LinkedIn and auth services, moved here from the
 * LinkedIn service's tests, which start that service alone.
 */
describe('LinkedIn connection on the account', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  test("when the connection is made, then the auth service's user shows linkedinConnected and the picture (events consumed end to end)", async () => {
    const user = await stack.user({ connect: true });
    const linkedin = await stack.call('GET', '/api/linkedin/profile', { token: user.token });
    expect(linkedin.status).toBe(200);
    const after = await eventually(() => stack.profile(user), (u) => u?.linkedinConnected === true);
    expect(after.profilePicture).toBe(linkedin.body.profile.profilePicture.displayImage);
  });
});
