import type { Router } from 'express';
import { FIELD_MAX } from '@postwright/contracts';
import { AppError, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { LinkedinSignIn } from '../../lib/linkedin-sign-in';
import type { ConnectionUseCases } from './connection.use-case';

const isParam = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

export function connectionRoutes(router: Router, { tokens, connection, signIn }: { tokens: TokenVerifier; connection: ConnectionUseCases; signIn: LinkedinSignIn }): void {
  const auth = requireUser(tokens);

  // LinkedIn sign-in: passport.authenticate on this request (lib/linkedin-sign-in.ts), answered as JSON
  router.get('/api/linkedin/auth-url', auth, async (req, res) => {
    const { url, state } = await signIn.authorizationUrl(req, res);
    res.json({ authURL: url, state });
  });

  router.post('/api/linkedin/callback', auth, async (req, res) => {
    const { code, state } = (req.body ?? {}) as Record<string, unknown>;
    if (!isParam(code, FIELD_MAX.oauthCode) || !isParam(state, FIELD_MAX.oauthState)) {
      throw AppError.of('LINKEDIN.CALLBACK_INVALID');
    }
    // only these two, as checked: never what the query says (signIn.exchange hides it from passport)
    res.json(await connection.connect(userOf(req).id, () => signIn.exchange(req, res, { code, state })));
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
