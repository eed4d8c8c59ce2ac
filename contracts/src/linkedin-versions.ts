/**
 * LinkedIn's API versions: the `LinkedIn-Version` header every /rest call carries. LinkedIn
 * releases them most months, not every month (there is no 202512), supports each for at least
 * a year, then retires it; a version that does not exist or is retired answers 426
 * NONEXISTENT_VERSION on every call. This is the one list both sides read: the LinkedIn
 * service pins a version from it, the sandbox accepts only what it calls active.
 *
 * Keeping it current (docs/linkedin.md, "API versions"): each month read LinkedIn's migrations
 * page (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations; the
 * localized copies, e.g. /it-it/, are often newer) and its versioning page (the latest
 * version). Add a version only once LinkedIn lists it, newest first, with where it was seen;
 * when LinkedIn publishes a sunset date that was estimated, write it in and mark it published.
 * Entries older than 202510 are left out: all of them were retired before this list was written.
 */
export interface LinkedinApiVersion {
  /** the header value, YYYYMM (YYYYMM.RR for a patch release, should LinkedIn list one) */
  version: string;
  /** the day LinkedIn stops answering it (UTC), YYYY-MM-DD */
  sunset: string;
  /** false: not seen on LinkedIn's migrations page; estimated as the 15th, twelve months after release */
  sunsetPublished: boolean;
  /** where the release (and the sunset date) was read */
  source: string;
}

const MIGRATIONS_IT = 'learn.microsoft.com/it-it/linkedin/marketing/integrations/migrations (read 2026-11-23)';

export const LINKEDIN_API_VERSIONS: readonly LinkedinApiVersion[] = Object.freeze([
  {
    version: '202609',
    sunset: '2027-09-15',
    sunsetPublished: false,
    source:
      "the latest version on LinkedIn's versioning page in September 2026, as integrations quote it (n8n-io/n8n#39065, 2026-09-18); one quotes the migrations page for this sunset date",
  },
  {
    version: '202608',
    sunset: '2027-08-15',
    sunsetPublished: false,
    source: 'LinkedIn documentation view li-lms-2026-08, as integrations link it (September 2026)',
  },
  {
    version: '202607',
    sunset: '2027-07-15',
    sunsetPublished: false,
    source: 'LinkedIn documentation view li-lms-2026-07, as integrations link it; third-party copies of the versioning page (August 2026) name it the latest',
  },
  {
    version: '202606',
    sunset: '2027-06-15',
    sunsetPublished: false,
    source: 'learn.microsoft.com/en-us/linkedin/marketing/lead-sync/leadsync-overview?view=li-lms-2026-06 (a documentation view exists only for a released version)',
  },
  {
    version: '202605',
    sunset: '2027-05-15',
    sunsetPublished: false,
    source: 'LinkedIn documentation view li-lms-2026-05, as integrations link it; its recent-changes entry changes the Member Post Statistics API',
  },
  {
    version: '202604',
    sunset: '2027-04-15',
    sunsetPublished: false,
    source: "LinkedIn documentation view li-lms-2026-04, as integrations link it; n8n-io/n8n#39065 quotes LinkedIn's list for this sunset date",
  },
  { version: '202603', sunset: '2027-03-16', sunsetPublished: true, source: `${MIGRATIONS_IT}; learn.microsoft.com/it-it/linkedin/marketing/versioning names it the latest` },
  { version: '202602', sunset: '2027-02-15', sunsetPublished: true, source: MIGRATIONS_IT },
  { version: '202601', sunset: '2027-01-15', sunsetPublished: true, source: MIGRATIONS_IT },
  // no 202512: LinkedIn released no December 2025 version
  { version: '202511', sunset: '2026-11-16', sunsetPublished: true, source: MIGRATIONS_IT },
  { version: '202510', sunset: '2026-10-15', sunsetPublished: true, source: MIGRATIONS_IT },
]);

/**
 * active: LinkedIn answers it, as far as we know; retired: past a sunset LinkedIn published (or
 * older than this list); unlisted: newer than every listed version, in a month already begun, so
 * LinkedIn may have released it since the list was written; unreleased: LinkedIn has no such
 * version (a month it skipped between listed ones, or one still to come); malformed: not a
 * version header at all. An estimated sunset never retires a version by itself: LinkedIn only
 * promises "at least a year", so a version past its estimate stays usable (with a warning) until
 * LinkedIn publishes its date or answers 426.
 */
export type LinkedinVersionStatus = 'active' | 'retired' | 'unlisted' | 'unreleased' | 'malformed';

const DAY_MS = 24 * 60 * 60 * 1000;
const YYYYMM = /^(\d{4})(0[1-9]|1[0-2])(\.\d{2})?$/;
const YYYYMMDD = /^(\d{4})(0[1-9]|1[0-2])(\d{2})$/;

const time = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());
const sunsetTime = (entry: LinkedinApiVersion) => Date.parse(`${entry.sunset}T00:00:00Z`);
const retired = (entry: LinkedinApiVersion, now: Date | number) => entry.sunsetPublished && time(now) >= sunsetTime(entry);

/** The header as YYYYMM[.RR]; LinkedIn also takes YYYYMMDD (e.g. 20260401), which names its month. Null when malformed. */
function normalize(header: string): string | null {
  const value = header.trim();
  if (YYYYMM.test(value)) return value;
  const m = YYYYMMDD.exec(value);
  if (!m) return null;
  const day = Number(m[3]);
  const daysInMonth = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return day >= 1 && day <= daysInMonth ? `${m[1]}${m[2]}` : null;
}

/** The listed version a header names (YYYYMMDD: its month's, only if that month has one). */
export function linkedinVersionEntry(header: string): LinkedinApiVersion | undefined {
  const version = normalize(header);
  return version === null ? undefined : LINKEDIN_API_VERSIONS.find((entry) => entry.version === version);
}

export function linkedinVersionStatus(header: string, now: Date | number): LinkedinVersionStatus {
  const version = normalize(header);
  if (version === null) return 'malformed';
  const entry = LINKEDIN_API_VERSIONS.find((e) => e.version === version);
  if (entry) return retired(entry, now) ? 'retired' : 'active';
  const oldest = LINKEDIN_API_VERSIONS[LINKEDIN_API_VERSIONS.length - 1].version;
  if (version < oldest) return 'retired';
  const newest = LINKEDIN_API_VERSIONS[0].version;
  const thisMonth = new Date(time(now)).toISOString().slice(0, 7).replace('-', '');
  return version > newest && version.slice(0, 6) <= thisMonth ? 'unlisted' : 'unreleased';
}

/** The sunset LinkedIn's minimum support gives a version: the 15th of its month a year on (how the list estimates one). */
export function estimatedLinkedinSunset(version: string): string {
  const year = Number(version.slice(0, 4)) + 1;
  return `${year}-${version.slice(4, 6)}-15`;
}

/** Listed versions LinkedIn still answers at `now`, newest first. */
export function activeLinkedinVersions(now: Date | number): string[] {
  return LINKEDIN_API_VERSIONS.filter((entry) => !retired(entry, now)).map((entry) => entry.version);
}

/** The newest listed version still active at `now`; undefined only once LinkedIn has published the retirement of every listed version. */
export function newestActiveLinkedinVersion(now: Date | number): string | undefined {
  return activeLinkedinVersions(now)[0];
}

/** Days from `now` until the version's sunset, counted up (1 on its last day, 0 or less once retired); undefined when not listed. */
export function daysUntilLinkedinSunset(header: string, now: Date | number): number | undefined {
  const entry = linkedinVersionEntry(header);
  if (!entry) return undefined;
  return Math.ceil((sunsetTime(entry) - time(now)) / DAY_MS) + 0; // + 0: no -0 on the day after
}
