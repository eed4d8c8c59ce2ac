/** Characters LinkedIn's "little" text format reserves (learn.microsoft.com, Little Text Format). */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/**
 * Escapes commentary so LinkedIn shows exactly what the member wrote: an unescaped reserved
 * character silently cuts the post short on LinkedIn.
 */
export function escapeLittleText(text: string): string {
  return text.replace(RESERVED, (c) => `\\${c}`);
}
