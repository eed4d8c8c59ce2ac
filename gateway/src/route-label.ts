import { apiOperations, type ApiOperation } from '@postwright/contracts';
import { UNMATCHED_ROUTE } from '@postwright/platform';

/**
 * The route label of a request on the API path: the contracts' route table's template for its
 * path, in the services' Express form (`/api/content/:id`, as their own metrics name it), or
 * "unmatched". A bounded set whatever clients send, found without a regular expression: one map
 * look-up for the paths without parameters, a segment comparison against the few with them.
 */
export function routeLabeller(operations: ReadonlyArray<Pick<ApiOperation, 'path'>> = apiOperations): (path: string) => string {
  const exact = new Map<string, string>();
  /** templates with parameters by their number of segments; null stands for a parameter */
  const withParameters = new Map<number, Array<{ segments: Array<string | null>; label: string }>>();
  for (const { path } of operations) {
    const label = path.replace(/\{([^}]+)\}/g, ':$1');
    if (label === path) {
      exact.set(path, label);
      continue;
    }
    const segments = path.split('/').map((s) => (s.startsWith('{') ? null : s));
    const same = withParameters.get(segments.length) ?? [];
    if (!same.some((t) => t.label === label)) same.push({ segments, label });
    withParameters.set(segments.length, same);
  }
  return (path) => {
    // a trailing slash reaches the same route in the services (Express's non-strict routing)
    const p = path.length > 1 && path.charCodeAt(path.length - 1) === 0x2f ? path.slice(0, -1) : path;
    const known = exact.get(p);
    if (known !== undefined) return known;
    const parts = p.split('/');
    const candidates = withParameters.get(parts.length);
    if (candidates) {
      for (const { segments, label } of candidates) {
        let i = 0;
        while (i < parts.length && (segments[i] === null ? parts[i] !== '' : segments[i] === parts[i])) i++;
        if (i === parts.length) return label;
      }
    }
    return UNMATCHED_ROUTE;
  };
}
