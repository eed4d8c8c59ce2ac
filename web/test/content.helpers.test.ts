import { ApiError } from '../src/lib/api-client';
import { fromLocalInputValue, nextMinuteAfter, toIsoWithOffset, toLocalInputValue } from '../src/lib/datetime';
import { generationErrorMessage, generationMessages } from '../src/features/content/api/generate';
import { composePost } from '../src/features/content/components/content-page';
import { validateForm, emptyForm } from '../src/features/content/components/generation-form';
import { foldPost, SEE_MORE_AFTER } from '../src/features/content/components/post-preview';
import { displayText, linkedInUrlOf } from '../src/features/content-management/components/content-card';

describe('the LinkedIn fold', () => {
  it('a short post is not folded', () => {
    expect(foldPost('Hook\n\nShort body.')).toEqual({ visible: 'Hook\n\nShort body.', folded: false });
  });

  it('a long single paragraph folds at about 210 characters, on a word boundary', () => {
    const text = 'word '.repeat(100);
    const { visible, folded } = foldPost(text);
    expect(folded).toBe(true);
    expect(visible.length).toBeLessThanOrEqual(SEE_MORE_AFTER);
    expect(visible.length).toBeGreaterThan(SEE_MORE_AFTER - 10);
    expect(visible.endsWith('word')).toBe(true);
  });

  it('a post folds at its third line break when that comes first', () => {
    expect(foldPost('Hook line\n\nFirst paragraph.\nSecond line that goes on.')).toEqual({ visible: 'Hook line\n\nFirst paragraph.', folded: true });
  });
});

describe('post text', () => {
  it('is the hook, a blank line, then the body; the body alone without a hook', () => {
    expect(composePost('The hook', 'The body')).toBe('The hook\n\nThe body');
    expect(composePost(null, 'The body')).toBe('The body');
  });

  it('cards show the final text without repeating the hook shown above it', () => {
    expect(displayText({ selectedHook: 'H', finalContent: 'H\n\nBody', generatedContent: 'x' })).toBe('Body');
    expect(displayText({ selectedHook: null, finalContent: null, generatedContent: 'Generated' })).toBe('Generated');
    expect(displayText({ selectedHook: 'Other', finalContent: 'Edited text', generatedContent: 'x' })).toBe('Edited text');
  });

  it('View on LinkedIn uses the stored URL, else the feed address of the post id', () => {
    expect(linkedInUrlOf({ linkedinPostUrl: 'https://x/1', linkedinPostId: 'urn:li:share:1' })).toBe('https://x/1');
    expect(linkedInUrlOf({ linkedinPostUrl: null, linkedinPostId: 'urn:li:share:1' })).toBe('https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A1/');
    expect(linkedInUrlOf({ linkedinPostUrl: null, linkedinPostId: null })).toBeNull();
  });
});

describe('generation form rules', () => {
  it('accepts a complete form and trims it; business goal is optional', () => {
    const { errors, request } = validateForm('story', { ...emptyForm, topic: ' The payroll week ', industryRole: 'CEO', personalExperience: 'Two days before payroll...', targetAudience: 'Founders' });
    expect(errors).toEqual({});
    expect(request).toEqual({ contentType: 'story', topic: 'The payroll week', industryRole: 'CEO', personalExperience: 'Two days before payroll...', targetAudience: 'Founders' });
  });

  it('whitespace only counts as empty', () => {
    expect(validateForm('story', { ...emptyForm, topic: '   ' }).errors.topic).toBe('Topic is required');
  });
});

describe('generation error mapping', () => {
  const api = (status: number, error?: string, code?: string) => new ApiError(error ?? 'x', status, error ? { error, code } : null);

  it.each([
    [api(401, 'Unauthorized'), generationMessages.authRequired],
    [api(403, undefined), generationMessages.trialExhausted],
    [api(429, 'slow down'), generationMessages.busy],
    [api(503, 'down'), generationMessages.unavailable],
    [api(504, undefined), generationMessages.timeout],
    [api(500, 'Something timed out upstream'), generationMessages.timeout],
    [api(500, 'Broken'), 'Broken'],
    [api(418, undefined), 'Failed to generate content (418)'],
  ])('%s -> %s', (error, message) => {
    expect(generationErrorMessage(error).message).toBe(message);
  });

  it('a browser-side abort (our own deadline) reads as the timeout message', () => {
    const abort = Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
    expect(generationErrorMessage(abort).message).toBe(generationMessages.timeout);
  });

  it('a network failure keeps its own message', () => {
    expect(generationErrorMessage(new ApiError('Could not reach Postwright.', 0, null)).message).toBe('Could not reach Postwright.');
  });
});

describe('datetime-local values in the browser zone', () => {
  it('round-trips a local time and sends it with the local offset', () => {
    const at = fromLocalInputValue('2030-03-04T08:30')!;
    expect(at.getFullYear()).toBe(2030);
    expect(at.getHours()).toBe(8);
    expect(toLocalInputValue(at)).toBe('2030-03-04T08:30');
    const iso = toIsoWithOffset(at);
    expect(iso).toMatch(/^2030-03-04T08:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(at.getTime());
  });

  it('rejects empty and malformed values', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
  });

  it('the default and minimum are the next whole minute at least one hour ahead', () => {
    const now = new Date(2030, 0, 1, 10, 0, 30);
    expect(nextMinuteAfter(now, 3600_000)).toEqual(new Date(2030, 0, 1, 11, 1, 0));
    expect(nextMinuteAfter(new Date(2030, 0, 1, 10, 0, 0), 3600_000)).toEqual(new Date(2030, 0, 1, 11, 0, 0));
  });
});
