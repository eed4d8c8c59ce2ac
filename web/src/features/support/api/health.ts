import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GatewayHealth } from '@postwright/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

/**
 * GET /api/health: each part of Postwright ok or unavailable. A degraded stack answers 503 with
 * the same body, which is still an answer worth showing.
 */
export async function fetchHealth(signal?: AbortSignal): Promise<GatewayHealth> {
  try {
    return await api.get<GatewayHealth>('/health', { auth: false, signal });
  } catch (error) {
    const data = error instanceof ApiError ? (error.data as Partial<GatewayHealth> | null) : null;
    if (data && typeof data === 'object' && data.services && typeof data.services === 'object') {
      return { status: data.status === 'ok' ? 'ok' : 'degraded', services: data.services };
    }
    throw error;
  }
}

export const healthQuery = () => queryOptions({ queryKey: queryKeys.health(), queryFn: ({ signal }) => fetchHealth(signal) });

/** The stack's health, read when the page opens and on demand. */
export function useHealth() {
  return useQuery(healthQuery());
}
