import { z } from 'zod';
import { apiOperations, commonErrors, errorBodySchema, errorCatalogue, type ApiOperation, type ErrorCode } from '@postwright/contracts';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

const TAGS: Record<ApiOperation['tag'], string> = {
  auth: 'Accounts and sessions (auth service)',
  users: 'The signed-in user (auth service)',
  admin: 'Administration (auth service)',
  content: 'Posts: generate, edit, keep drafts (content service)',
  linkedin: 'The LinkedIn connection and publishing (LinkedIn service)',
  calendar: 'Scheduling (scheduler service)',
  billing: 'Plans and subscriptions through Stripe (billing service)',
  gateway: 'The gateway itself',
};

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a contract: what a client sends, or what it gets back. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return json;
}

function errorResponses(operation: ApiOperation): Record<string, unknown> {
  const codes = [...new Set<ErrorCode>([...operation.errors, ...commonErrors(operation)])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorCatalogue[code].status, [...(byStatus.get(errorCatalogue[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\`: ${errorCatalogue[code].description}`).join('\n\n'),
          content: {
            'application/json': {
              schema: {
                allOf: [{ $ref: '#/components/schemas/ErrorBody' }, { type: 'object', properties: { code: { enum: list } } }],
              },
              examples: Object.fromEntries(list.map((code) => [code, { value: { error: errorCatalogue[code].message, code, requestId: '5f0c7d2e-…' } }])),
            },
          },
        },
      ]),
  );
}

function parametersOf(operation: ApiOperation): unknown[] {
  const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const query = operation.query
    ? Object.entries((schemaOf(operation.query, 'input').properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({ name, in: 'query', required: false, schema }))
    : [];
  return [...inPath, ...query];
}

function operationObject(operation: ApiOperation): Record<string, unknown> {
  const parameters = parametersOf(operation);
  return {
    operationId: `${operation.method}${operation.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, 'By-$1').replace(/[^a-zA-Z0-9]+(.)/g, (_m, c: string) => c.toUpperCase())}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.auth ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.request ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(operation.request, 'input') } } } } : {}),
    responses: {
      [String(operation.success.status)]: { description: 'Success', content: { 'application/json': { schema: schemaOf(operation.success.body, 'output') } } },
      ...(operation.stream ? { '200': streamResponse(operation.stream) } : {}),
      ...errorResponses(operation),
    },
  };
}

/**
 * A streamed answer (`Accept: text/event-stream`): server-sent events, each `event: <name>` and
 * `data: <JSON>`; the schema lists every event as { event, data }.
 */
function streamResponse(events: Record<string, z.ZodType>) {
  return {
    description: `With \`Accept: text/event-stream\`: server-sent events (${Object.keys(events).join(', ')}) as the answer is written, ending with one done or one error event. Refusals before it starts are the JSON error answers below.`,
    content: {
      'text/event-stream': {
        schema: {
          oneOf: Object.entries(events).map(([name, data]) => ({
            type: 'object',
            title: name,
            properties: { event: { const: name }, data: schemaOf(data, 'output') },
            required: ['event', 'data'],
          })),
        },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the public API, built once from the contracts' route table. */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of apiOperations) (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Postwright API',
      version,
      description:
        'The API the Postwright web app uses: accounts, generating and keeping posts, the LinkedIn connection, publishing and scheduling. Every error answer is `{ error, code, details?, requestId }` with a code from the error catalogue.',
    },
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ErrorBody: schemaOf(errorBodySchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from signup, login or refresh.' } },
    },
  };
}
