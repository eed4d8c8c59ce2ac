import type { Router } from 'express';
import { FIELD_MAX } from '@postwright/contracts';
import { AppError, requireUser, type ServiceContext } from '@postwright/platform';
import { messages } from '../../lib/messages';
import type { ConnectionUseCases } from './connection.use-case';

const isParam = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

export function connectionRoutes(router: Router, ctx: ServiceContext, connection: ConnectionUseCases): void {
  const auth = requireUser(ctx.tokens);

  router.get('/api/linkedin/auth-url', auth, async (req, res) => {
    res.json(await connection.authUrl(req.user!.id));
  });

  router.post('/api/linkedin/callback', auth, async (req, res) => {
    const { code, state } = (req.body ?? {}) as Record<string, unknown>;
    if (!isParam(code, FIELD_MAX.oauthCode) || !isParam(state, FIELD_MAX.oauthState)) {
      throw AppError.badRequest(messages.callbackParameters, undefined, 'LINKEDIN.CALLBACK_INVALID');
    }
    res.json(await connection.callback(req.user!.id, code, state));
  });

  router.get('/api/linkedin/profile', auth, async (req, res) => {
    res.json(await connection.profile(req.user!.id));
  });

  router.post('/api/linkedin/refresh-profile', auth, async (req, res) => {
    res.json(await connection.refreshProfile(req.user!.id));
  });

  router.delete('/api/linkedin/disconnect', auth, async (req, res) => {
    res.json(await connection.disconnect(req.user!.id));
  });
}
