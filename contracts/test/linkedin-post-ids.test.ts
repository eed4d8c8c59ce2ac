import { linkedinPostCreatedAt, linkedinPostUrn } from '../src';

describe('LinkedIn post ids carry their creation time', () => {
  test('when a post id from the field is read, then its first 41 bits are the Unix milliseconds it was made', () => {
    // a post LinkedIn made on 2025-11-21 at 05:57:57.952 UTC, as open-source date extractors read it
    expect(linkedinPostCreatedAt('urn:li:share:7397513585553313792')).toBe(Date.parse('2025-11-21T05:57:57.952Z'));
    expect(linkedinPostCreatedAt('urn:li:ugcPost:7397513585553313792')).toBe(Date.parse('2025-11-21T05:57:57.952Z'));
  });

  test('when an id is made for a time, then reading it gives that time back, and posts of one millisecond differ', () => {
    const at = Date.parse('2026-11-27T10:00:00.123Z');
    const first = linkedinPostUrn(at, 1);
    expect(first).toMatch(/^urn:li:share:\d{19}$/);
    expect(linkedinPostCreatedAt(first)).toBe(at);
    expect(linkedinPostUrn(at, 2)).not.toBe(first);
    expect(linkedinPostCreatedAt(linkedinPostUrn(at, 2 ** 22 + 5, 'ugcPost'))).toBe(at);
  });

  test('when the text is no post URN or its id carries no plausible time, then no time is read', () => {
    for (const urn of ['urn:li:person:abc', 'urn:li:share:', 'urn:li:share:made-before', 'urn:li:share:1', 'urn:li:share:99999999999999999999', 'share:7397513585553313792']) {
      expect([urn, linkedinPostCreatedAt(urn)]).toEqual([urn, null]);
    }
  });
});
