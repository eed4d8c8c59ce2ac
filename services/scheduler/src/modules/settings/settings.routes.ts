import type { Router } from 'express';
import type { CalendarSettingsResponse } from '@postwright/contracts';
import { requireUser, type TokenVerifier } from '@postwright/platform';

/**
 * The scheduler's own rules, read from its configuration, so a form checks what this service
 * will check instead of a copy that drifts when the configuration changes.
 */
export function settingsRoutes(router: Router, deps: { tokens: TokenVerifier; minimumLeadSeconds: number }) {
  router.get('/api/calendar/settings', requireUser(deps.tokens), (_req, res) => {
    const body: CalendarSettingsResponse = { minimumLeadSeconds: deps.minimumLeadSeconds };
    res.json(body);
  });
}
