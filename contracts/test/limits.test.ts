import {
  atMostMessage,
  formatCount,
  callbackRequestSchema,
  editRequestSchema,
  FIELD_MAX,
  generateRequestSchema,
  loginRequestSchema,
  DRAFT_MAX_LENGTH,
  POST_MAX_LENGTH,
  profileUpdateRequestSchema,
  publishRequestSchema,
  scheduleRequestSchema,
  signupRequestSchema,
  suggestionsQuerySchema,
} from '../src';
import type { z } from 'zod';

const validGenerate = {
  contentType: 'story',
  topic: 'Hiring senior engineers',
  industryRole: 'VP of Engineering',
  personalExperience: 'We rebuilt our hiring loop around work samples.',
  targetAudience: 'Engineering leaders',
  businessGoal: 'Attract senior engineers',
};
const validSignup = { email: 'ada@example.com', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' };

/** The one message a body with `field` set to `value` is refused with, or null when accepted. */
function refusal(schema: z.ZodType, body: Record<string, unknown>, field: string): string | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

describe('atMostMessage', () => {
  test('when the maximum is under 1,000, then it is written plainly; from 1,000 on, with a thousands separator', () => {
    expect(atMostMessage('Topic', 200)).toBe('Topic must be at most 200 characters');
    expect(atMostMessage('Personal experience', 2000)).toBe('Personal experience must be at most 2,000 characters');
    expect(atMostMessage('Edited content', 3000)).toBe('Edited content must be at most 3,000 characters');
  });
});

describe('generation form maxima', () => {
  test.each([
    ['topic', 200, 'Topic must be at most 200 characters'],
    ['industryRole', 100, 'Industry/Role must be at most 100 characters'],
    ['personalExperience', 2000, 'Personal experience must be at most 2,000 characters'],
    ['targetAudience', 200, 'Target audience must be at most 200 characters'],
    ['businessGoal', 300, 'Business goal must be at most 300 characters'],
  ] as const)('when %s is %i characters, then it is accepted; one more, then "%s"', (field, max, message) => {
    expect(FIELD_MAX[field]).toBe(max);
    expect(generateRequestSchema.safeParse({ ...validGenerate, [field]: 'a'.repeat(max) }).success).toBe(true);
    expect(refusal(generateRequestSchema, { ...validGenerate, [field]: 'a'.repeat(max + 1) }, field)).toBe(message);
  });

  test('when a field is padded with spaces past its maximum, then the trimmed length is what counts', () => {
    const parsed = generateRequestSchema.parse({ ...validGenerate, topic: `  ${'a'.repeat(200)}  ` });
    expect(parsed.topic).toHaveLength(200);
  });

  test('when the topic is 90,000 characters (the finding), then it is refused', () => {
    expect(refusal(generateRequestSchema, { ...validGenerate, topic: 'x'.repeat(90_000) }, 'topic')).toBe('Topic must be at most 200 characters');
  });

  test('when personal experience is past the 500-character guidance but within 2,000, then it is accepted', () => {
    expect(generateRequestSchema.safeParse({ ...validGenerate, personalExperience: 'a'.repeat(1500) }).success).toBe(true);
  });
});

describe('account and profile maxima', () => {
  test.each([
    ['email', 254, 'Email must be at most 254 characters', (n: number) => `${'a'.repeat(n - 12)}@example.com`],
    ['password', 256, 'Password must be at most 256 characters', (n: number) => 'p'.repeat(n)],
    ['firstName', 100, 'First name must be at most 100 characters', (n: number) => 'f'.repeat(n)],
    ['lastName', 100, 'Last name must be at most 100 characters', (n: number) => 'l'.repeat(n)],
  ] as const)('when the signup %s is %i characters, then it is accepted; one more, then "%s"', (field, max, message, value) => {
    expect(FIELD_MAX[field]).toBe(max);
    expect(signupRequestSchema.safeParse({ ...validSignup, [field]: value(max) }).success).toBe(true);
    expect(refusal(signupRequestSchema, { ...validSignup, [field]: value(max + 1) }, field)).toBe(message);
  });

  test('when a login password is longer than any account can have, then it reads like any failed login', () => {
    expect(refusal(loginRequestSchema, { email: 'ada@example.com', password: 'p'.repeat(257) }, 'password')).toBe('Invalid email or password');
    expect(refusal(loginRequestSchema, { email: `${'a'.repeat(243)}@example.com`, password: 'x' }, 'email')).toBe('Email must be at most 254 characters');
  });

  test.each([
    ['firstName', 100, 'First name must be at most 100 characters'],
    ['lastName', 100, 'Last name must be at most 100 characters'],
    ['company', 200, 'Company must be at most 200 characters'],
    ['role', 200, 'Role must be at most 200 characters'],
    ['industry', 200, 'Industry must be at most 200 characters'],
    ['linkedinUrl', 500, 'LinkedIn URL must be at most 500 characters'],
    ['bio', 2000, 'Bio must be at most 2,000 characters'],
  ] as const)('when the profile %s is %i characters, then it is accepted; one more, then "%s"', (field, max, message) => {
    expect(FIELD_MAX[field]).toBe(max);
    expect(profileUpdateRequestSchema.safeParse({ [field]: 'a'.repeat(max) }).success).toBe(true);
    expect(refusal(profileUpdateRequestSchema, { [field]: 'a'.repeat(max + 1) }, field)).toBe(message);
  });

  test('when profile fields are cleared with null or left out, then no maximum is in the way', () => {
    expect(profileUpdateRequestSchema.safeParse({ company: null, bio: null }).success).toBe(true);
    expect(profileUpdateRequestSchema.safeParse({}).success).toBe(true);
  });
});

describe('content, calendar and LinkedIn maxima', () => {
  test('when edited content is over LinkedIn\'s 3,000 characters, then it is kept (a draft may be longer); over 20,000 or a hook over 3,000, then the message says so', () => {
    expect(editRequestSchema.safeParse({ editedContent: 'a'.repeat(POST_MAX_LENGTH + 500) }).success).toBe(true);
    expect(editRequestSchema.safeParse({ editedContent: 'a'.repeat(DRAFT_MAX_LENGTH) }).success).toBe(true);
    expect(refusal(editRequestSchema, { editedContent: 'a'.repeat(DRAFT_MAX_LENGTH + 1) }, 'editedContent')).toBe(
      'Edited content must be at most 20,000 characters',
    );
    expect(refusal(editRequestSchema, { editedContent: 'ok', selectedHook: 'a'.repeat(POST_MAX_LENGTH + 1) }, 'selectedHook')).toBe(
      'Selected hook must be at most 3,000 characters',
    );
  });

  test('when the post text to publish is over 3,000 characters or the id is longer than any id, then it is refused', () => {
    expect(publishRequestSchema.safeParse({ contentId: 'a'.repeat(24), text: 'a'.repeat(3000) }).success).toBe(true);
    expect(refusal(publishRequestSchema, { contentId: 'a'.repeat(24), text: 'a'.repeat(3001) }, 'text')).toBe('Post text must be at most 3,000 characters');
    expect(refusal(publishRequestSchema, { contentId: 'a'.repeat(65), text: 'x' }, 'contentId')).toBe('Content not found');
  });

  test('when schedule fields or the time zone are longer than any real one, then they are refused', () => {
    const at = '2030-03-04T08:30:00+01:00';
    expect(scheduleRequestSchema.safeParse({ contentId: 'a'.repeat(24), scheduledFor: at }).success).toBe(true);
    expect(refusal(scheduleRequestSchema, { contentId: 'a'.repeat(65), scheduledFor: at }, 'contentId')).toBe('Content not found');
    expect(refusal(scheduleRequestSchema, { contentId: 'a'.repeat(24), scheduledFor: at.padEnd(65, '0') }, 'scheduledFor')).toBe(
      'scheduledFor must be at most 64 characters',
    );
    expect(refusal(suggestionsQuerySchema, { contentType: 'story', tz: 'Europe/'.padEnd(65, 'x') }, 'tz')).toBe('Unknown time zone');
  });

  test('when the OAuth code or state is missing or oversized, then the spec\'s callback message applies', () => {
    const message = 'Invalid callback parameters. Please try connecting again.';
    expect(callbackRequestSchema.safeParse({ code: 'c'.repeat(FIELD_MAX.oauthCode), state: 's'.repeat(43) }).success).toBe(true);
    expect(refusal(callbackRequestSchema, { code: 'c'.repeat(FIELD_MAX.oauthCode + 1), state: 's'.repeat(43) }, 'code')).toBe(message);
    expect(refusal(callbackRequestSchema, { code: 'c', state: 's'.repeat(FIELD_MAX.oauthState + 1) }, 'state')).toBe(message);
    expect(refusal(callbackRequestSchema, { state: 's' }, 'code')).toBe(message);
  });
});

describe('numbers in messages', () => {
  test('when a count is written, then it reads as the spec writes it: a comma every three digits from 1,000 (as en-US does)', () => {
    for (const n of [0, 7, 999, 1000, 1260, 3000, 12345, 100000, 1234567]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    expect(atMostMessage('Personal experience', 3000)).toBe('Personal experience must be at most 3,000 characters');
  });
});

test('when the contracts load, then no number is formatted through Intl (its first use costs every process about 7 MB of ICU data)', () => {
  const toLocaleString = jest.spyOn(Number.prototype, 'toLocaleString');
  try {
    jest.isolateModules(() => {
      require('../src');
    });
    expect(toLocaleString).not.toHaveBeenCalled();
  } finally {
    toLocaleString.mockRestore();
  }
});
