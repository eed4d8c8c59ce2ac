import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { createLogger, listen, requestContext, requestLogger } from '@postwright/platform';
import { apiRouter } from './api';
import type { ApiDeps } from './api/deps';
import { stripeErrors } from './api/errors';
import { stripeHeaders } from './api/middleware';
import type { SandboxConfig } from './config';
import { controlRoutes } from './control';
import { checkoutRoutes } from './hosted/checkout';
import { homeRoutes } from './hosted/home';
import { portalRoutes } from './hosted/portal';
import { SandboxState } from './state';
import { Timers } from './timers';
import { dispatchEvents, WebhookDispatcher, type WebhookSettings } from './webhooks';

export interface RunningSandbox {
  url: string;
  port: number;
  /** the in-memory state, for in-process tests that want to look directly */
  state: SandboxState;
  stop(): Promise<void>;
}

/**
 * The local Stripe double: the API (api.stripe.com/v1), the hosted Checkout and portal pages,
 * test clocks and signed webhooks on one origin, state in memory. PORT 0 picks a free port.
 */
export async function start(config: SandboxConfig): Promise<RunningSandbox> {
  const logger = createLogger('billing-sandbox', config.LOG_LEVEL);
  const state = new SandboxState();
  const timers = new Timers();
  const settings: WebhookSettings = { url: config.webhookUrl, paused: false, duplicate: false, reverse: false, chaos: config.webhookChaos };
  const dispatcher = new WebhookDispatcher(settings, {
    secret: config.SANDBOX_WEBHOOK_SECRET,
    retryBaseMs: config.SANDBOX_WEBHOOK_RETRY_BASE_MS,
    attempts: config.SANDBOX_WEBHOOK_ATTEMPTS,
    timers,
    logger,
  });
  dispatchEvents(state, dispatcher);
  const deps: ApiDeps = { state, config, timers, logger };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');
  // Stripe's answers are pretty-printed
  app.set('json spaces', 2);
  app.use(requestContext());
  app.use(requestLogger(logger));
  app.use(stripeHeaders);
  // the hosted pages: their own inline style only, no script, never framed (a framed payment form
  // could be clicked through); forms post to the sandbox, which sends the browser on to the product
  // (a browser checks form-action on that redirect too)
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'none'"],
          styleSrc: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          formAction: ["'self'", new URL(config.productUrl).origin],
          scriptSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          // plain-http origins (localhost, compose) must not be rewritten to https
          upgradeInsecureRequests: null,
        },
      },
    }),
  );

  app.use('/v1', apiRouter(deps));
  const router = express.Router();
  // test controls answer anyone who reaches them: only when a test asks (SANDBOX_CONTROL)
  if (config.control) controlRoutes(router, state, { settings, dispatcher });
  checkoutRoutes(router, deps);
  portalRoutes(router, deps);
  homeRoutes(router, deps, () => settings.url);
  app.get('/health', (_req, res) => void res.json({ status: 'ok', service: 'billing-sandbox' }));
  // nothing to wait for: the state lives in memory
  app.get('/ready', (_req, res) => void res.json({ status: 'ok', service: 'billing-sandbox', checks: {} }));
  app.use(router);

  app.use((req, res) => {
    const error = stripeErrors.unrecognizedUrl(req.method, req.path);
    res.status(error.status).json({ error: error.body });
  });
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status >= 500) logger.error({ err }, 'sandbox error');
    if (res.headersSent) return;
    res.status(status).json({ error: { type: status === 500 ? 'api_error' : 'invalid_request_error', message: status === 500 ? 'An unknown error occurred' : String(err.message ?? 'Bad request') } });
  };
  app.use(onError);

  const server = await listen(app, config.PORT, config.HOST);
  logger.info({ url: server.url, control: config.control, webhookUrl: settings.url, stripeMock: config.stripeMockUrl ?? null }, 'billing sandbox listening');
  return {
    url: server.url,
    port: server.port,
    state,
    stop: async () => {
      timers.clear();
      dispatcher.stop();
      await server.close();
    },
  };
}
