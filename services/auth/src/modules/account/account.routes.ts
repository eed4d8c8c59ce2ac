import type { Request, Router } from 'express';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  unsubscribeRequestSchema,
  updateNotificationsRequestSchema,
  verifyEmailRequestSchema,
} from '@postwright/contracts';
import { parseInput, requireUser, userOf, type TokenVerifier } from '@postwright/platform';
import type { AccountUseCases } from './account.use-case';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The account's safety: verification, reset and change of the password, notification choices. */
export function accountRoutes(router: Router, { account, tokens }: { account: AccountUseCases; tokens: TokenVerifier }): void {
  const signedIn = requireUser(tokens);

  router.post('/api/auth/verify-email', async (req, res) => {
    res.json(await account.verifyEmail(parseInput(verifyEmailRequestSchema, req.body).token));
  });

  router.post('/api/auth/resend-verification', signedIn, async (req, res) => {
    res.json(await account.resendVerification(userOf(req).id));
  });

  router.post('/api/auth/forgot-password', async (req, res) => {
    res.json(await account.forgotPassword(parseInput(forgotPasswordRequestSchema, req.body).email, clientIp(req)));
  });

  router.post('/api/auth/reset-password', async (req, res) => {
    const { token, password } = parseInput(resetPasswordRequestSchema, req.body);
    res.json(await account.resetPassword(token, password, clientIp(req)));
  });

  router.put('/api/users/password', signedIn, async (req, res) => {
    const { currentPassword, newPassword } = parseInput(changePasswordRequestSchema, req.body);
    const user = userOf(req);
    res.json(await account.changePassword(user.id, user.sessionId, currentPassword, newPassword));
  });

  router.put('/api/users/notifications', signedIn, async (req, res) => {
    res.json(await account.setNotifications(userOf(req).id, parseInput(updateNotificationsRequestSchema, req.body)));
  });

  // the email's link posts the token in the body; a mail client's one-click unsubscribe (RFC 8058)
  // posts "List-Unsubscribe=One-Click" as a form to the address in the header, token in the query
  router.post('/api/users/notifications/unsubscribe', async (req, res) => {
    const body = req.body && typeof req.body === 'object' && 'token' in req.body ? req.body : { token: req.query.token };
    res.json(await account.unsubscribe(parseInput(unsubscribeRequestSchema, body).token));
  });
}
