import { errorCatalogue, type ErrorCode } from '@postwright/contracts';

export interface AppErrorOptions {
  details?: Record<string, unknown>;
  cause?: unknown;
  /** extra response headers, e.g. Retry-After */
  headers?: Record<string, string>;
}

/**
 * The one error type of the product. `code` is a stable string such as CONTENT.NOT_FOUND;
 * `message` is the user-facing text that ends up in the response's `error` field.
 */
export class AppError extends Error {
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    // one code, one status: the catalogue's
    this.status = errorCatalogue[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }

  /**
   * The catalogued error (contracts `errorCatalogue`): its status and, unless the site says
   * something more specific, its message.
   */
  static of(code: ErrorCode, options: AppErrorOptions & { message?: string } = {}) {
    const { message, ...rest } = options;
    return new AppError(code, message ?? errorCatalogue[code].message, rest);
  }
  /** A validation failure: the catalogued 400 with the site's message and the fields it names. */
  static badRequest(message: string, details?: Record<string, unknown>, code: ErrorCode = 'REQUEST.INVALID') {
    return AppError.of(code, { message, details });
  }
}

/** The JSON body of an error answer (contracts `errorBodySchema`). */
export function errorBody(error: AppError, requestId?: string): { error: string; code: ErrorCode; details?: Record<string, unknown>; requestId?: string } {
  return { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}), ...(requestId !== undefined ? { requestId } : {}) };
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
