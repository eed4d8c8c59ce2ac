/**
 * axe-core on a rendered tree in jsdom: the serious and critical violations (expected: none).
 * jsdom does not lay out or paint, so the colour-contrast rule is left to the Playwright journeys.
 */
import axe from 'axe-core';

export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
