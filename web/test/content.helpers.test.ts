import { ApiError } from '../src/lib/api-client';
import { fromLocalInputValue, nextMinuteAfter, toIsoWithOffset, toLocalInputValue } from '../src/lib/datetime';
import { generationErrorMessage, generationMessages } from '../src/features/content/api/generate';
import { composePost, editPayload, formFromItem, splitPost } from '../src/features/content/components/draft-text';
import { emptyForm, serverFieldErrors, validateForm } from '../src/features/content/components/generation-form';
import { trialPostsLeftText, trialUseWarning } from '../src/features/content/components/plan-banner';
import { readWorkspace, updateWorkspaceSlot, workspaceKey } from '../src/lib/workspace-storage';
import { foldPost, SEE_MORE_AFTER } from '../src/components/content/post-fold';
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

describe('a draft back in the editor', () => {
  const item = { selectedHook: 'The hook', generatedContent: 'Generated body', finalContent: null as string | null };

  it('saved text with the hook is split back into hook and body', () => {
    expect(splitPost({ ...item, finalContent: 'The hook\n\nMy body\n\nSecond paragraph' })).toEqual({ hook: 'The hook', body: 'My body\n\nSecond paragraph' });
    expect(splitPost({ ...item, finalContent: 'The hook' })).toEqual({ hook: 'The hook', body: '' });
  });

  it('without saved text the generated body is the body; without a hook the saved text is', () => {
    expect(splitPost(item)).toEqual({ hook: 'The hook', body: 'Generated body' });
    expect(splitPost({ ...item, selectedHook: null, finalContent: 'Edited whole' })).toEqual({ hook: null, body: 'Edited whole' });
  });

  it('saved text that no longer opens with the hook (edited whole elsewhere) is kept whole, without doubling the hook', () => {
    expect(splitPost({ ...item, finalContent: 'A new opening\n\nbody' })).toEqual({ hook: null, body: 'A new opening\n\nbody' });
  });

  it('the form round-trips through the item (an empty business goal is null)', () => {
    const form = { topic: 'T', industryRole: 'R', personalExperience: 'E', targetAudience: 'A', businessGoal: '' };
    const payload = editPayload(form, 'H', 'B');
    expect(payload).toEqual({ editedContent: 'H\n\nB', saveAsDraft: true, selectedHook: 'H', topic: 'T', inputs: { industryRole: 'R', personalExperience: 'E', targetAudience: 'A', businessGoal: null } });
    expect(formFromItem({ topic: payload.topic!, inputs: { ...payload.inputs!, businessGoal: null } as never })).toEqual(form);
  });
});

describe('server errors that belong to a field', () => {
  const refusal = (status: number, error: string, details?: Record<string, string>) => new ApiError(error, status, { error, code: 'REQUEST.INVALID', details });

  it('a 400 with details maps each field', () => {
    expect(serverFieldErrors(refusal(400, 'Topic is required', { topic: 'Topic is required', industryRole: 'Industry/Role is required', contentType: 'x' }))).toEqual({
      topic: 'Topic is required',
      industryRole: 'Industry/Role is required',
    });
  });

  it('a 400 whose message names a field goes to that field', () => {
    expect(serverFieldErrors(refusal(400, 'Personal experience must be at least 10 characters'))).toEqual({ personalExperience: 'Personal experience must be at least 10 characters' });
  });

  it('other refusals belong to no field', () => {
    expect(serverFieldErrors(refusal(400, 'OpenAI rate limit reached'))).toEqual({});
    expect(serverFieldErrors(refusal(503, 'Topic service down'))).toEqual({});
    expect(serverFieldErrors(new Error('Topic x'))).toEqual({});
  });
});

describe('trial wording', () => {
  it('posts left keeps the plural of the 3', () => {
    expect(trialPostsLeftText(1)).toBe('1 of 3 trial posts left.');
    expect(trialPostsLeftText(2)).toBe('2 of 3 trial posts left.');
  });

  it('generate again says what it uses', () => {
    expect(trialUseWarning(2)).toBe('This uses 1 of your 2 remaining trial posts.');
    expect(trialUseWarning(1)).toBe('This uses your last remaining trial post.');
  });
});

describe('the workspace record in localStorage', () => {
  afterEach(() => window.localStorage.clear());

  it('is kept per user under postwright.workspace.<userId>', () => {
    updateWorkspaceSlot('u7', 'story', { form: { topic: 'T' } });
    expect(workspaceKey('u7')).toBe('postwright.workspace.u7');
    expect(readWorkspace('u7').types.story).toEqual({ form: { topic: 'T' }, draftId: null });
    expect(readWorkspace('u8').types).toEqual({});
  });

  it('a damaged or foreign record reads as empty', () => {
    window.localStorage.setItem('postwright.workspace.u7', '{not json');
    expect(readWorkspace('u7')).toEqual({ version: 1, lastType: null, types: {} });
    window.localStorage.setItem('postwright.workspace.u7', JSON.stringify({ version: 1, lastType: 'nope', types: { story: { form: { topic: 5 }, draftId: 7 }, bogus: {} } }));
    expect(readWorkspace('u7')).toEqual({ version: 1, lastType: null, types: { story: { form: {}, draftId: null } } });
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
