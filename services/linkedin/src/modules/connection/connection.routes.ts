import type { Router } from 'express';
import { FIELD_MAX } from '@postwright/contracts';
import { AppError, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { ConnectionUseCases } from './connection.use-case';

const isParam = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

export function connectionRoutes(router: Router, { tokens, connection }: { tokens: TokenVerifier; connection: ConnectionUseCases }): void {
  const auth = requireUser(tokens);

  router.get('/api/linkedin/auth-url', auth, async (req, res) => {
    res.json(await connection.authUrl(userOf(req).id));
  });

  router.post('/api/linkedin/callback', auth, async (req, res) => {
    const { code, state } = (req.body ?? {}) as Record<string, unknown>;
    if (!isParam(code, FIELD_MAX.oauthCode) || !isParam(state, FIELD_MAX.oauthState)) {
      throw AppError.of('LINKEDIN.CALLBACK_INVALID');
    }
    res.json(await connection.callback(userOf(req).id, code, state));
  });

  router.get('/api/linkedin/profile', auth, async (req, res) => {
    res.json(await connection.profile(userOf(req).id));
  });

  router.post('/api/linkedin/refresh-profile', auth, async (req, res) => {
    res.json(await connection.refreshProfile(userOf(req).id));
  });

  router.delete('/api/linkedin/disconnect', auth, async (req, res) => {
    res.json(await connection.disconnect(userOf(req).id));
  });
}
