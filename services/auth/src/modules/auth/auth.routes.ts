import type { Request, Router } from 'express';
import { bearerToken, parseInput, type TokenVerifier } from '@postwright/platform';
import { loginInputSchema, logoutInputSchema, refreshInputSchema, signupInputSchema } from './auth.schema';
import type { AuthUseCases } from './auth.use-case';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

export function mountAuthRoutes(router: Router, auth: AuthUseCases, tokens: TokenVerifier): void {
  router.post('/api/auth/signup', async (req, res) => {
    res.status(201).json(await auth.signup(parseInput(signupInputSchema, req.body), clientIp(req)));
  });

  router.post('/api/auth/login', async (req, res) => {
    res.json(await auth.login(parseInput(loginInputSchema, req.body), clientIp(req)));
  });

  router.post('/api/auth/refresh', async (req, res) => {
    const { refreshToken } = parseInput(refreshInputSchema, req.body);
    res.json(await auth.refresh(refreshToken));
  });

  // Public on purpose: an expired (or absent) access token must not stop a logout.
  router.post('/api/auth/logout', async (req, res) => {
    const { refreshToken } = parseInput(logoutInputSchema, req.body);
    const token = bearerToken(req.headers.authorization);
    const caller = token ? await tokens.verify(token).catch(() => null) : null;
    res.json(await auth.logout(refreshToken, caller?.sub));
  });
}
