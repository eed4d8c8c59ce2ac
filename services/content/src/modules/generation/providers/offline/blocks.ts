import { goalLine } from './goal';
import type { Voice } from './inputs';

/** A paragraph of the post; optional ones are added, by priority, only while the post stays within length. */
export interface Block {
  text: string;
  optional?: number;
}

export const numbered = (lines: string[]) => lines.map((l, i) => `${i + 1}. ${l}`).join('\n');
export const arrows = (lines: string[]) => lines.map((l) => `→ ${l}`).join('\n');
export const bullets = (lines: string[]) => lines.map((l) => `• ${l}`).join('\n');

export function closing(v: Voice): Block[] {
  const line = goalLine(v);
  return line ? [{ text: line }] : [];
}
