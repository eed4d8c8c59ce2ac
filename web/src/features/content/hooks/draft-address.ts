import { contentTypes, type ContentType } from '@postwright/contracts';
import { paths } from '../../../config/paths';

/** A content type named in the address, or null for anything else. */
export function asType(value: string | null): ContentType | null {
  return value !== null && (contentTypes as readonly string[]).includes(value) ? (value as ContentType) : null;
}

/** The address of a draft: where to come back to. */
export function draftPath(id: string): string {
  return `${paths.content}?draft=${encodeURIComponent(id)}`;
}
