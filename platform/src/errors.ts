export interface AppErrorOptions {
  status?: number;
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
    readonly code: string,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? 500;
    this.details = options.details;
    this.headers = options.headers;
  }

  static badRequest(message: string, details?: Record<string, unknown>, code = 'REQUEST.INVALID') {
    return new AppError(code, message, { status: 400, details });
  }
  static unauthorized(message = 'Authentication required', code = 'AUTH.UNAUTHENTICATED') {
    return new AppError(code, message, { status: 401 });
  }
  static forbidden(message = 'You do not have permission to do this', code = 'AUTH.FORBIDDEN') {
    return new AppError(code, message, { status: 403 });
  }
  static notFound(message = 'Not found', code = 'NOT_FOUND') {
    return new AppError(code, message, { status: 404 });
  }
  static conflict(message: string, code = 'CONFLICT', details?: Record<string, unknown>) {
    return new AppError(code, message, { status: 409, details });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
