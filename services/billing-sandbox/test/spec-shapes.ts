import fs from 'node:fs';
import path from 'node:path';

/**
 * Checks an object against a component schema of Stripe's OpenAPI document (the one stripe-mock
 * ships): required fields present, types and enums right, nullability respected, and no field
 * the schema does not have, so the sandbox neither leaves out nor invents a field.
 */
const SPEC_PATH = path.resolve(__dirname, '../../../.tools/stripe-mock/spec3.json');
let schemas: Record<string, any> | null = null;

function schemaNamed(name: string): any {
  schemas ??= JSON.parse(fs.readFileSync(SPEC_PATH, 'utf8')).components.schemas as Record<string, any>;
  const schema = schemas[name];
  if (!schema) throw new Error(`no schema ${name} in ${SPEC_PATH}`);
  return schema;
}

function resolve(schema: any): any {
  return schema?.$ref ? schemaNamed(schema.$ref.split('/').pop()) : schema;
}

function check(value: unknown, raw: any, at: string, problems: string[]): void {
  const schema = resolve(raw);
  if (value === null) {
    if (!schema.nullable && !raw.nullable) problems.push(`${at}: is null, which the schema does not allow`);
    return;
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const fits = alternatives.some((alt: any) => {
      const inner: string[] = [];
      check(value, alt, at, inner);
      return inner.length === 0;
    });
    if (!fits) {
      // report the closest alternative's problems: the one of the same kind
      const inner: string[] = [];
      const same = alternatives.find((alt: any) => (typeof value === 'object') === (resolve(alt).type === 'object' || Boolean(resolve(alt).properties))) ?? alternatives[0];
      check(value, same, at, inner);
      problems.push(...(inner.length ? inner : [`${at}: fits none of the schema's alternatives`]));
    }
    return;
  }
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`);
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      // the SDK hands decimal strings over as its Decimal objects
      if (schema.format === 'decimal' && typeof value === 'object') return;
      if (typeof value !== 'string') problems.push(`${at}: ${JSON.stringify(value)} is not a string`);
      return;
    case 'integer':
      if (!Number.isInteger(value)) problems.push(`${at}: ${JSON.stringify(value)} is not an integer`);
      return;
    case 'number':
      if (typeof value !== 'number') problems.push(`${at}: ${JSON.stringify(value)} is not a number`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') problems.push(`${at}: ${JSON.stringify(value)} is not a boolean`);
      return;
    case 'array':
      if (!Array.isArray(value)) return void problems.push(`${at}: is not an array`);
      value.forEach((item, i) => check(item, schema.items ?? {}, `${at}[${i}]`, problems));
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return void problems.push(`${at}: is not an object`);
      const record = value as Record<string, unknown>;
      for (const key of schema.required ?? []) if (!(key in record)) problems.push(`${at}.${key}: is required`);
      for (const [key, v] of Object.entries(record)) {
        const property = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
        if (property) check(v, property, `${at}.${key}`, problems);
        else if (schema.properties && !schema.additionalProperties) problems.push(`${at}.${key}: is not a field of this object`);
      }
      return;
    }
    default:
      return;
  }
}

/** The problems of `value` as a `schema` (e.g. 'subscription', 'checkout.session'); empty when it fits. */
export function shapeProblems(value: unknown, schema: string): string[] {
  const problems: string[] = [];
  check(value, { $ref: `#/components/schemas/${schema}` }, schema, problems);
  return problems;
}
