/** Stripe's error object: `{ error: { type, message, code?, param?, doc_url? } }`. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

/**
 * A Stripe API error, thrown anywhere and answered by the API's error handler. `saved` is false
 * for refusals before any work began (bad parameters), whose answer Stripe does not keep under
 * the Idempotency-Key, so a corrected retry with the same key runs.
 */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly saved = true,
  ) {
    super(body.message);
    this.name = 'StripeError';
  }
}

const withDoc = (body: StripeErrorBody): StripeErrorBody =>
  body.code ? { ...body, doc_url: `https://stripe.com/docs/error-codes/${body.code.replace(/_/g, '-')}` } : body;

const invalid = (status: number, message: string, extra: Partial<StripeErrorBody> = {}, saved = true) =>
  new StripeError(status, withDoc({ type: 'invalid_request_error', message, ...extra }), saved);

/** Shows a key as Stripe does in its refusal: the prefix and last four characters. */
function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  if (rest.length <= 4) return `${prefix}${'*'.repeat(rest.length)}`;
  return `${prefix}${'*'.repeat(rest.length - 4)}${rest.slice(-4)}`;
}

export const stripeErrors = {
  noApiKey: () =>
    invalid(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      {},
      false,
    ),
  invalidApiKey: (key: string) => invalid(401, `Invalid API Key provided: ${maskKey(key)}`, {}, false),
  unrecognizedUrl: (method: string, path: string) =>
    invalid(404, `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, {}, false),
  unknownParameter: (param: string) => invalid(400, `Received unknown parameter: ${param}`, { code: 'parameter_unknown', param }, false),
  missingParameter: (param: string) => invalid(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param }, false),
  invalidInteger: (param: string, value: unknown) => invalid(400, `Invalid integer: ${String(value)}`, { code: 'parameter_invalid_integer', param }, false),
  invalidBoolean: (param: string, value: unknown) => invalid(400, `Invalid boolean: ${String(value)}`, { param }, false),
  invalidValue: (param: string, message: string) => invalid(400, message, { param }, false),
  invalidRequest: (message: string, param?: string) => invalid(400, message, param ? { param } : {}),
  /** an id in the path is 404; an id a body names is 400, both `resource_missing` */
  noSuch: (kind: string, id: string, param: string, status: 400 | 404 = 404) => invalid(status, `No such ${kind}: '${id}'`, { code: 'resource_missing', param }),
  cannotExpand: (path: string) => invalid(400, `This property cannot be expanded (${path}).`, { param: 'expand' }, false),
  idempotencyMismatch: (key: string) =>
    new StripeError(
      400,
      {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      },
      false,
    ),
  idempotencyInProgress: () =>
    new StripeError(
      409,
      { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key (probably because of a timeout). Please try again later.' },
      false,
    ),
  apiError: () => new StripeError(500, { type: 'api_error', message: 'An unknown error occurred' }, false),
  rateLimit: () =>
    invalid(429, 'Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.', { code: 'rate_limit' }, false),
};
