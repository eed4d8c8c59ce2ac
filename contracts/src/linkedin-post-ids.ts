/**
 * When a LinkedIn post was made, read from its id. LinkedIn does not document it; the ids of
 * posts (`urn:li:share:<n>`, `urn:li:ugcPost:<n>`) are 64-bit numbers whose first 41 bits are the
 * Unix time in milliseconds when LinkedIn made the post (n >> 22), which is how open-source tools
 * date LinkedIn posts (docs/linkedin.md, "Duplicate posts"). One place, because the LinkedIn
 * service reads it and the sandbox makes its ids that way.
 */

const TIME_SHIFT = 22n;
const LOW_BITS = (1n << TIME_SHIFT) - 1n;
const POST_URN = /^urn:li:(share|ugcPost):(\d{1,19})$/;
/** Ids read as a time before LinkedIn's posts had this layout are not read at all. */
const EARLIEST = Date.UTC(2010, 0, 1);

export type LinkedinPostKind = 'share' | 'ugcPost';

/** The Unix time (ms) in a post's id; null when it is not a post URN or its id carries no plausible time. */
export function linkedinPostCreatedAt(urn: string): number | null {
  const match = POST_URN.exec(urn);
  if (!match) return null;
  const id = BigInt(match[2]);
  if (id >= 1n << 63n) return null;
  const time = Number(id >> TIME_SHIFT);
  return time >= EARLIEST ? time : null;
}

/** A post URN carrying `createdAt` as LinkedIn's do; `sequence` (its low 22 bits) tells apart posts of the same millisecond. */
export function linkedinPostUrn(createdAt: number, sequence: number, kind: LinkedinPostKind = 'share'): string {
  const id = (BigInt(Math.floor(createdAt)) << TIME_SHIFT) | (BigInt(sequence) & LOW_BITS);
  return `urn:li:${kind}:${id.toString()}`;
}
