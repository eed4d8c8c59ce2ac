/** Types of secrets.js (plain JavaScript: it runs before anything is installed or compiled). */
/** The example's text with every empty key it can generate filled; the keys it filled, and the empty ones it could not. */
export function fill(example: string): { text: string; generated: string[]; missing: string[] };
export const GENERATORS: Record<string, () => string>;
