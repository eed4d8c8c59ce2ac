import { INTERNAL_TOKEN_HEADER } from './auth';
import { currentRequestId, REQUEST_ID_HEADER } from './context';
import { AppError } from './errors';
import { httpRequest, type HttpAnswer } from './http-request';

export interface InternalResponse<T = unknown> {
  status: number;
  body: T;
}

export interface InternalClient {
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<InternalResponse<T>>;
}

/**
 * Calls another service's /internal/* API with the shared token and the current request id.
 * An unreachable or hanging service becomes a 503 AppError naming it, never a hang.
 */
export function createInternalClient(options: { service: string; baseUrl: string; token: string; timeoutMs?: number }): InternalClient {
  return {
    async request<T>(method: string, path: string, body?: unknown) {
      const headers: Record<string, string> = { [INTERNAL_TOKEN_HEADER]: options.token, accept: 'application/json' };
      const requestId = currentRequestId();
      if (requestId) headers[REQUEST_ID_HEADER] = requestId;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let res: HttpAnswer;
      try {
        res = await httpRequest(new URL(path, options.baseUrl), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          timeoutMs: options.timeoutMs ?? 10_000,
        });
      } catch (error) {
        throw AppError.of('DEPENDENCY.UNAVAILABLE', { message: `The ${options.service} service is unavailable. Please try again.`, cause: error });
      }
      const text = res.text;
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = { error: text };
      }
      return { status: res.status, body: parsed as T };
    },
  };
}
