/**
 * Helpers for the signed-in screens' tests: a signed-in session, the fake server with
 * the profile route, and content items as the content service returns them.
 */
import type { ContentItem, User } from '@postwright/contracts';
import { buildUser, fakeApi, seedSession, type FakeCall, type FakeReply } from './fake-api';
import { renderApp } from './render-app';

type Handler = (call: FakeCall) => FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

let counter = 0;

export function buildItem(overrides: Partial<ContentItem> = {}): ContentItem {
  counter += 1;
  return {
    id: `c${counter}`,
    contentType: 'framework',
    topic: `Topic ${counter}`,
    generatedContent: 'Body line one.\n\nBody line two.',
    hooks: ['Hook one', 'Hook two', 'Hook three', 'Hook four', 'Hook five'],
    hookStyles: ['claim', 'question', 'number', 'story', 'contrast'],
    selectedHook: null,
    selectedHookStyle: null,
    finalContent: null,
    status: 'draft',
    createdAt: '2026-03-04T09:05:00.000Z',
    updatedAt: '2026-03-04T09:05:00.000Z',
    publishedAt: null,
    scheduledFor: null,
    linkedinPostId: null,
    linkedinPostUrl: null,
    engagement: null,
    lastPublishError: null,
    publishUnconfirmed: false,
    inputs: { industryRole: 'CFO at a software company', personalExperience: 'We cut our meetings by half last quarter.', targetAudience: 'Founders', businessGoal: null },
    hasPreviousVersion: false,
    ...overrides,
  };
}

/** A story post about a payroll scare, `d1`, saved with its fourth hook chosen: a draft unless overridden. */
export function payrollPost(overrides: Partial<ContentItem> = {}): ContentItem {
  return buildItem({
    id: 'd1',
    contentType: 'story',
    topic: 'The week we almost missed payroll',
    generatedContent: 'The body as generated.',
    hooks: ['Hook one', 'Hook two', 'Hook three', 'Hook four', 'Hook five'],
    selectedHook: 'Hook four',
    selectedHookStyle: 'story',
    ...overrides,
  });
}

export const notConnected: Handler = () => ({ status: 404, body: { error: 'LinkedIn account not connected', code: 'LINKEDIN.NOT_CONNECTED' } });

/** A working connection as GET /linkedin/profile gives it: a fresh 60-day grant (no warning) unless overridden. */
export function connectedProfile(overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
  return {
    connected: true,
    expiresAt: new Date(Date.now() + 60 * 24 * 3600 * 1000).toISOString(),
    profile: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      localizedFirstName: 'Ada',
      localizedLastName: 'Lovelace',
      headline: 'Analyst of engines',
      publicProfileUrl: 'https://www.linkedin.com/in/ada',
      profilePicture: { displayImage: 'https://media.example/ada.png' },
      ...profile,
    },
    ...overrides,
  };
}

/** Seeds a signed-in user, fakes the server (profile + the given routes) and renders the app at `path`. */
export function renderSignedIn(path: string, handlers: Record<string, Handler> = {}, userOverrides: Partial<User> = {}) {
  const user = seedSession(buildUser(userOverrides));
  const api = fakeApi({
    'GET /api/users/profile': () => ({ body: { user } }),
    'GET /api/linkedin/profile': notConnected,
    'GET /api/calendar/suggestions': () => ({ body: { contentType: 'framework', day: 'Wednesday', slots: [] } }),
    ...handlers,
  });
  const app = renderApp(path);
  return { api, app, user };
}

/** A promise you resolve later: holds a fake server answer in flight. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}
