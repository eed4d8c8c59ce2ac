import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

describe('connect: events', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when an account is connected, then linkedin.connected and linkedin.profile.updated carry the member and the picture', async () => {
    const user = await stack.user();
    const res = await stack.connect(user, { given_name: 'Priya', family_name: 'Shah' });
    const connected = await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id);
    expect(connected.payload).toEqual({
      userId: user.id,
      memberUrn: expect.stringMatching(/^urn:li:person:[A-Za-z0-9]{10}$/),
      firstName: 'Priya',
      lastName: 'Shah',
      profilePicture: res.body.profile.profilePicture.displayImage,
    });
    const updated = await stack.events.waitFor('linkedin.profile.updated', (p) => p.userId === user.id);
    expect(updated.payload).toEqual({
      userId: user.id,
      firstName: 'Priya',
      lastName: 'Shah',
      headline: res.body.profile.headline,
      profilePicture: res.body.profile.profilePicture.displayImage,
    });
  });

  test('when the profile is refreshed, then linkedin.profile.updated is emitted again', async () => {
    const user = await stack.user();
    await stack.connect(user);
    await stack.events.waitFor('linkedin.profile.updated', (p) => p.userId === user.id);
    const count = () => stack.events.ofType('linkedin.profile.updated').filter((e) => e.payload.userId === user.id).length;
    const before = count();
    await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
    await stack.events.waitFor('linkedin.profile.updated', () => count() > before);
  });

  test('when the account is disconnected, then linkedin.disconnected is emitted', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const res = await http(stack.linkedin.url, 'DELETE', '/api/linkedin/disconnect', { token: user.token });
    expect(res.body).toEqual({ success: true });
    const event = await stack.events.waitFor('linkedin.disconnected', (p) => p.userId === user.id);
    expect(event.payload).toEqual({ userId: user.id });
  });
});
