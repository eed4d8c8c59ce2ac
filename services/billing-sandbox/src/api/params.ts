import { stripeErrors } from './errors';

/**
 * What a request parameter may hold, as Stripe's form encoding carries it: every value arrives
 * as a string (`active=true`, `limit=100`), objects and lists with brackets (`metadata[k]=v`,
 * `line_items[0][price]=p`, `expand[]=a`).
 */
export type Param =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'strings'
  | 'metadata'
  | { enum: readonly string[] }
  | { object: ParamSpec }
  | { listOf: ParamSpec };
export type ParamSpec = Record<string, Param>;

export const listParams: ParamSpec = { limit: 'integer', starting_after: 'string', ending_before: 'string', expand: 'strings' };

/** qs turns `a[0]=x` into an array, but past 20 items into an object with numeric keys. */
function asArray(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Object.keys(value).every((k) => /^\d+$/.test(k))) {
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  return null;
}

function oneOf(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`;
}

function parseValue(value: unknown, param: Param, name: string): unknown {
  if (param === 'string') {
    if (typeof value !== 'string') throw stripeErrors.invalidValue(name, `Invalid string: ${JSON.stringify(value)}`);
    return value;
  }
  if (param === 'integer') {
    if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw stripeErrors.invalidInteger(name, value);
    return Number(value);
  }
  if (param === 'boolean') {
    if (value !== 'true' && value !== 'false') throw stripeErrors.invalidBoolean(name, value);
    return value === 'true';
  }
  if (param === 'strings') {
    const list = asArray(value);
    if (!list || list.some((v) => typeof v !== 'string')) throw stripeErrors.invalidValue(name, 'Invalid array');
    return list;
  }
  if (param === 'metadata') {
    // an empty string unsets all metadata, as at Stripe; a key set to '' is removed
    if (value === '') return null;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw stripeErrors.invalidValue(name, 'Invalid hash');
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string') throw stripeErrors.invalidValue(`${name}[${k}]`, `Invalid string: ${JSON.stringify(v)}`);
      if (k.length > 40) throw stripeErrors.invalidValue(`${name}[${k}]`, 'Metadata keys can have up to 40 characters.');
      if (v.length > 500) throw stripeErrors.invalidValue(`${name}[${k}]`, 'Metadata values can have up to 500 characters.');
    }
    return { ...(value as Record<string, string>) };
  }
  if ('enum' in param) {
    if (typeof value !== 'string' || !param.enum.includes(value)) throw stripeErrors.invalidValue(name, `Invalid ${name}: must be one of ${oneOf(param.enum)}`);
    return value;
  }
  if ('object' in param) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw stripeErrors.invalidValue(name, 'Invalid hash');
    return parseObject(value as Record<string, unknown>, param.object, name);
  }
  const list = asArray(value);
  if (!list) throw stripeErrors.invalidValue(name, 'Invalid array');
  return list.map((item, i) => {
    if (!item || typeof item !== 'object') throw stripeErrors.invalidValue(`${name}[${i}]`, 'Invalid hash');
    return parseObject(item as Record<string, unknown>, param.listOf, `${name}[${i}]`);
  });
}

function parseObject(raw: Record<string, unknown>, spec: ParamSpec, prefix: string | null): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    const param = spec[key];
    if (!param) throw stripeErrors.unknownParameter(name);
    out[key] = parseValue(value, param, name);
  }
  return out;
}

/**
 * The request's parameters checked against what the endpoint takes: an unknown one is Stripe's
 * `parameter_unknown`, a missing required one (`a[b]` for nested) `parameter_missing`.
 */
export function parseParams(raw: unknown, spec: ParamSpec, required: string[] = []): Record<string, any> {
  const params = parseObject(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}, spec, null);
  for (const path of required) {
    const value = path.split(/[[\]]+/).filter(Boolean).reduce<any>((at, key) => at?.[key], params);
    if (value === undefined || value === '') throw stripeErrors.missingParameter(path);
  }
  return params;
}

/** Metadata after an update: keys set to '' go, others are set; null (the whole field '') clears it. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | null | undefined): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current, ...update };
  for (const [k, v] of Object.entries(update)) if (v === '') delete next[k];
  return next;
}
