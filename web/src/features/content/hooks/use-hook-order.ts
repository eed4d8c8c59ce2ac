import { useState } from 'react';
import type { ContentItem, HookStyle, HookStyleOrUnknown, InsightsResponse } from '@postwright/contracts';
import { useInsights } from '../../../lib/insights-query';

/** One of a post's hooks as the generator offers it. */
export interface HookOption {
  text: string;
  style: HookStyleOrUnknown;
}

/** The hooks in the order shown, and why they are in it (null: as written). */
export interface HookOrder {
  options: HookOption[];
  reason: string | null;
}

type Recommended = InsightsResponse['recommendations']['hookOrder'];

/** "Your question hooks earn the most comments." read after "Ordered by your results: ". */
function orderedBecause(reason: string): string {
  const sentence = reason.trim().replace(/^Your\b/, 'your');
  return `Ordered by your results: ${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`}`;
}

/**
 * A post's hooks, best first by the member's own results: the styles in `recommended` order,
 * hooks of the same style (or of none it names) in the order they were written. As written, with
 * no reason, when there is no recommendation or none of the hooks has a style it names.
 */
export function orderHooks(item: Pick<ContentItem, 'hooks' | 'hookStyles'>, recommended: Recommended): HookOrder {
  const options = item.hooks.map((text, index): HookOption & { index: number } => ({ text, index, style: item.hookStyles[index] ?? 'unknown' }));
  const rank = (style: HookStyleOrUnknown) => {
    const place = recommended ? recommended.styles.indexOf(style as HookStyle) : -1;
    return place < 0 ? Number.MAX_SAFE_INTEGER : place;
  };
  if (!recommended || options.every((option) => rank(option.style) === Number.MAX_SAFE_INTEGER)) {
    return { options: options.map(({ text, style }) => ({ text, style })), reason: null };
  }
  const ordered = [...options].sort((a, b) => rank(a.style) - rank(b.style) || a.index - b.index);
  return { options: ordered.map(({ text, style }) => ({ text, style })), reason: orderedBecause(recommended.reason) };
}

const keyOf = (item: ContentItem) => `${item.id}\n${item.hooks.join('\n')}`;

/**
 * The open post's hooks in the order the generator shows them. The order is settled once, when
 * a post's hooks arrive (a new generation, an opened draft, an Undo), from the member's insights
 * as known then: an answer that comes later, an autosave or a choice never moves a hook under the
 * member. A draft only; insights that fail or are not there yet leave the hooks as written.
 */
export function useHookOrder(item: ContentItem | null): HookOrder {
  const insights = useInsights();
  const recommended = insights.data?.recommendations.hookOrder ?? null;
  const [settled, setSettled] = useState<{ key: string; order: HookOrder } | null>(null);
  if (!item) return { options: [], reason: null };
  const key = keyOf(item);
  if (settled?.key === key) return settled.order;
  const order = orderHooks(item, item.status === 'draft' ? recommended : null);
  // settled during render (React's "state from the previous render"): the first paint already has the order
  setSettled({ key, order });
  return order;
}
