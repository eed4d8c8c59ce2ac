import {
  activeLinkedinVersions,
  daysUntilLinkedinSunset,
  estimatedLinkedinSunset,
  LINKEDIN_API_VERSIONS,
  linkedinVersionEntry,
  linkedinVersionStatus,
  newestActiveLinkedinVersion,
} from '../src';

// a fixed day on which 202511 retired a week ago and 202601 retires in under 60 days
const TODAY = Date.parse('2026-11-23T12:00:00Z');

describe('LINKEDIN_API_VERSIONS', () => {
  test('when read, then it runs newest first, one entry per version, each with a real sunset day a year or so after its month and a source', () => {
    const versions = LINKEDIN_API_VERSIONS.map((e) => e.version);
    expect(versions).toEqual([...versions].sort().reverse());
    expect(new Set(versions).size).toBe(versions.length);
    for (const entry of LINKEDIN_API_VERSIONS) {
      expect(entry.version).toMatch(/^\d{4}(0[1-9]|1[0-2])(\.\d{2})?$/);
      expect(new Date(`${entry.sunset}T00:00:00Z`).toISOString().slice(0, 10)).toBe(entry.sunset);
      const released = Date.UTC(Number(entry.version.slice(0, 4)), Number(entry.version.slice(4, 6)) - 1, 1);
      const months = (Date.parse(entry.sunset) - released) / (30.44 * 24 * 3600 * 1000);
      expect(months).toBeGreaterThanOrEqual(12);
      expect(months).toBeLessThan(13);
      expect(entry.source.length).toBeGreaterThan(10);
    }
  });

  test('when a month had no release (202512), then it is not listed', () => {
    expect(linkedinVersionEntry('202512')).toBeUndefined();
    expect(linkedinVersionStatus('202512', TODAY)).toBe('unreleased');
  });
});

describe('linkedinVersionStatus', () => {
  test('when a listed version is before its sunset day, then it is active; from that day (UTC) on, retired', () => {
    expect(linkedinVersionStatus('202603', TODAY)).toBe('active');
    expect(linkedinVersionStatus('202511', TODAY)).toBe('retired');
    expect(linkedinVersionStatus('202511', Date.parse('2026-11-15T23:59:59Z'))).toBe('active');
    expect(linkedinVersionStatus('202511', Date.parse('2026-11-16T00:00:00Z'))).toBe('retired');
    expect(linkedinVersionStatus('202601', new Date(TODAY))).toBe('active');
  });

  test('when the version is not listed but newer than the list, in a month already begun, then it is unlisted: LinkedIn may have released it since', () => {
    expect(linkedinVersionStatus('202610', TODAY)).toBe('unlisted');
    expect(linkedinVersionStatus('202611', TODAY)).toBe('unlisted');
    expect(linkedinVersionStatus('20261101', TODAY)).toBe('unlisted');
    expect(linkedinVersionStatus('202612', Date.parse('2026-12-01T00:00:00Z'))).toBe('unlisted');
    expect(linkedinVersionEntry('202610')).toBeUndefined();
    expect(estimatedLinkedinSunset('202610')).toBe('2027-10-15');
  });

  test('when the version is not listed, then it is unreleased (a month skipped, or still to come), or retired when older than the list', () => {
    expect(linkedinVersionStatus('202612', TODAY)).toBe('unreleased');
    expect(linkedinVersionStatus('203001', TODAY)).toBe('unreleased');
    expect(linkedinVersionStatus('202509', TODAY)).toBe('retired');
    expect(linkedinVersionStatus('202301', TODAY)).toBe('retired');
    // a patch release is only what LinkedIn lists
    expect(linkedinVersionStatus('202603.01', TODAY)).toBe('unreleased');
  });

  test('when the header is YYYYMMDD, then it stands for its month, if that month had a release', () => {
    expect(linkedinVersionStatus('20260301', TODAY)).toBe('active');
    expect(linkedinVersionStatus('20260315', TODAY)).toBe('active');
    expect(linkedinVersionEntry('20260301')?.version).toBe('202603');
    expect(linkedinVersionStatus('20251201', TODAY)).toBe('unreleased');
    expect(linkedinVersionStatus('20251101', TODAY)).toBe('retired');
    expect(linkedinVersionStatus('20241101', TODAY)).toBe('retired');
  });

  test('when the header is not a version, then it is malformed', () => {
    for (const header of ['', 'v2', '2026-03', '2026', '202613', '202600', '20260230', '20260300', '2026031', '202603.1', 'latest']) {
      expect([header, linkedinVersionStatus(header, TODAY)]).toEqual([header, 'malformed']);
    }
  });
});

describe('activeLinkedinVersions and newestActiveLinkedinVersion', () => {
  test('when asked on a day, then they list what LinkedIn still answers, newest first', () => {
    const active = activeLinkedinVersions(TODAY);
    expect(active[active.length - 1]).toBe('202601');
    expect(active).not.toContain('202511');
    expect(active).toEqual(LINKEDIN_API_VERSIONS.filter((e) => linkedinVersionStatus(e.version, TODAY) === 'active').map((e) => e.version));
    expect(newestActiveLinkedinVersion(TODAY)).toBe(LINKEDIN_API_VERSIONS[0].version);
  });

  test('when an estimated sunset passes, then the version stays active (LinkedIn promises at least a year); a published one retires it', () => {
    const afterAll = Date.parse(`${LINKEDIN_API_VERSIONS[0].sunset}T00:00:00Z`) + 24 * 3600 * 1000;
    const estimated = LINKEDIN_API_VERSIONS.filter((e) => !e.sunsetPublished).map((e) => e.version);
    expect(estimated.length).toBeGreaterThan(0);
    expect(activeLinkedinVersions(afterAll)).toEqual(estimated);
    expect(newestActiveLinkedinVersion(afterAll)).toBe(LINKEDIN_API_VERSIONS[0].version);
    for (const entry of LINKEDIN_API_VERSIONS.filter((e) => e.sunsetPublished)) expect([entry.version, linkedinVersionStatus(entry.version, afterAll)]).toEqual([entry.version, 'retired']);
  });
});

describe('daysUntilLinkedinSunset', () => {
  test('when the version is listed, then it counts the days left, 1 on the last day and 0 or less once retired', () => {
    expect(daysUntilLinkedinSunset('202601', TODAY)).toBe(53);
    expect(daysUntilLinkedinSunset('20260101', TODAY)).toBe(53);
    expect(daysUntilLinkedinSunset('202601', Date.parse('2027-01-14T18:00:00Z'))).toBe(1);
    expect(daysUntilLinkedinSunset('202601', Date.parse('2027-01-15T00:00:00Z'))).toBe(0);
    expect(daysUntilLinkedinSunset('202601', Date.parse('2027-01-15T06:00:00Z'))).toBe(0);
    expect(daysUntilLinkedinSunset('202511', TODAY)).toBeLessThan(0);
  });

  test('when the version is not listed, then there is no count', () => {
    expect(daysUntilLinkedinSunset('202512', TODAY)).toBeUndefined();
    expect(daysUntilLinkedinSunset('nope', TODAY)).toBeUndefined();
  });
});
