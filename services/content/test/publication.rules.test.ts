import type { PublicationReport } from '@postwright/contracts';
import { isFinal, settlement } from '../src/modules/publication/publication.rules';

/** The publication state machine of an item, in memory. */
describe('publication rules', () => {
  const draft = { status: 'draft' as const, linkedinPostId: null, linkedinPostUrl: null, lastPublishError: null, publishUnconfirmed: false };
  const scheduled = { ...draft, status: 'scheduled' as const };
  const published = { ...draft, status: 'published' as const, linkedinPostId: 'urn:li:share:1', linkedinPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1' };
  const post = (linkedinPostId = 'urn:li:share:1'): PublicationReport => ({
    outcome: 'published',
    requestId: null,
    userId: 'u1',
    linkedinPostId,
    url: `https://www.linkedin.com/feed/update/${linkedinPostId}`,
    publishedAt: '2030-01-02T03:04:05.000Z',
  });
  const failure = (fields: Partial<Extract<PublicationReport, { outcome: 'failed' }>> = {}): Extract<PublicationReport, { outcome: 'failed' }> => ({
    outcome: 'failed',
    requestId: 'req',
    userId: 'u1',
    reason: 'why',
    retryable: true,
    unconfirmed: false,
    ...fields,
  });

  test.each([draft, scheduled])('when a $status item is reported published, then one write from draft or scheduled sets the post and clears the error', (current) => {
    expect(settlement({ ...current, lastPublishError: 'old', publishUnconfirmed: true }, post())).toEqual({
      kind: 'write',
      statusIn: ['draft', 'scheduled'],
      changes: {
        status: 'published',
        linkedinPostId: 'urn:li:share:1',
        linkedinPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
        publishedAt: new Date('2030-01-02T03:04:05.000Z'),
        lastPublishError: null,
        publishUnconfirmed: false,
      },
    });
  });

  test('when a published item is reported published again with the same post, then nothing is written', () => {
    expect(settlement(published, post())).toEqual({ kind: 'none', why: 'already settled' });
  });

  test('when the same post comes with another url, then only the url is completed, and only while it is published', () => {
    expect(settlement({ ...published, linkedinPostUrl: null }, post())).toEqual({
      kind: 'write',
      statusIn: ['published'],
      changes: { linkedinPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1', lastPublishError: null, publishUnconfirmed: false },
    });
  });

  test('when a published item is reported as another post, then it stays the first post', () => {
    expect(settlement(published, post('urn:li:share:2'))).toEqual({ kind: 'none', why: 'published as another post' });
  });

  test.each([
    ['unconfirmed (publish now)', failure({ requestId: null, unconfirmed: true, retryable: false }), true],
    ['unconfirmed (scheduled)', failure({ unconfirmed: true, retryable: false }), true],
    ['scheduled, not retryable', failure({ retryable: false }), true],
    ['scheduled, to be retried', failure({ retryable: true }), false],
    ['publish now, not retryable', failure({ requestId: null, retryable: false }), false],
  ])('when the failure is %s, then final is %p', (_name, report, final) => {
    expect(isFinal(report)).toBe(final);
  });

  test('when a final failure is reported, then the item goes back to draft, unscheduled, with the reason (and the flag when unconfirmed)', () => {
    expect(settlement(scheduled, failure({ retryable: false }))).toEqual({
      kind: 'write',
      statusIn: ['draft', 'scheduled'],
      changes: { status: 'draft', scheduledFor: null, lastPublishError: 'why' },
    });
    expect(settlement(scheduled, failure({ unconfirmed: true }))).toEqual({
      kind: 'write',
      statusIn: ['draft', 'scheduled'],
      changes: { status: 'draft', scheduledFor: null, lastPublishError: 'why', publishUnconfirmed: true },
    });
  });

  test('when a failure to be retried is reported, then only the reason is recorded', () => {
    expect(settlement(scheduled, failure())).toEqual({ kind: 'write', statusIn: ['draft', 'scheduled'], changes: { lastPublishError: 'why' } });
  });

  test('when any failure is reported for a published item, then nothing changes', () => {
    expect(settlement(published, failure({ unconfirmed: true, retryable: false }))).toEqual({ kind: 'none', why: 'failure after publishing' });
  });
});
