import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createLogger, listen, requestContext, requestLogger } from '@postwright/platform';
import type { SandboxConfig } from './config';
import { apiRoutes, errors, MAX_COMMENTARY } from './routes/api';
import { controlRoutes, type SandboxSettings } from './routes/control';
import { feedRoutes } from './routes/feed';
import { oauthRoutes } from './routes/oauth';
import { randomDelay, SandboxState, uniformDelay } from './state';
import { presentedToken } from './routes/api';

export interface RunningSandbox {
  url: string;
  port: number;
  /** the in-memory state, for in-process tests that want to look directly */
  state: SandboxState;
  stop(): Promise<void>;
}

const MAX_REQUEST_LOG = 50_000;

const isApiPath = (path: string) => path.startsWith('/v2/') || path.startsWith('/rest/');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The local LinkedIn double: OAuth (www.linkedin.com) and the APIs (api.linkedin.com) on
 * one origin, state in memory, faults switchable at runtime. PORT 0 picks a free port.
 */
export async function start(config: SandboxConfig): Promise<RunningSandbox> {
  const logger = createLogger('linkedin-sandbox', config.LOG_LEVEL);
  const state = new SandboxState();
  const settings: SandboxSettings = {
    fast: config.SANDBOX_FAST,
    rejectDuplicates: config.SANDBOX_REJECT_DUPLICATES,
    memberDailyCallLimit: config.SANDBOX_MEMBER_DAILY_CALL_LIMIT ?? null,
    acceptEscapedHashtagSign: config.SANDBOX_ACCEPT_ESCAPED_HASHTAG_SIGN,
    duplicateWindowSeconds: config.SANDBOX_DUPLICATE_WINDOW_SECONDS ?? null,
    ghostDuplicates: config.SANDBOX_GHOST_DUPLICATES,
    audienceTimeZone: 'UTC',
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestContext());
  app.use(requestLogger(logger));
  // the consent and feed pages: nothing but their own inline style, never framed (a framed consent
  // page could be clicked through), forms only to itself and on to the registered redirect URIs
  // (a browser checks form-action on the redirect after the consent form too); profile pictures are
  // shown by the app on another origin, as LinkedIn's media CDN allows
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          formAction: ["'self'", ...new Set(config.redirectUris.filter((uri) => URL.canParse(uri)).map((uri) => new URL(uri).origin))],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );

  const recordRequests: RequestHandler = (req, res, next) => {
    res.on('close', () => {
      if (req.path.startsWith('/__sandbox')) return;
      state.requests.push({ method: req.method, path: req.path, url: req.originalUrl, status: res.writableFinished ? res.statusCode : 0, at: state.now() });
      if (state.requests.length > MAX_REQUEST_LOG) state.requests.splice(0, state.requests.length - MAX_REQUEST_LOG);
    });
    next();
  };
  app.use(recordRequests);

  /** Faults switched on by tests: each one answers (or spoils) the next matching calls. */
  const faults: RequestHandler = (req, res, next) => {
    if (req.path.startsWith('/__sandbox')) return next();
    if (isApiPath(req.path)) {
      // a token the fresh-token fault caught when it was issued: refused for its first calls, then good
      const token = presentedToken(req);
      const issued = token ? state.accessTokens.get(token) : undefined;
      if (issued?.refuseFirstCalls) {
        issued.refuseFirstCalls -= 1;
        logger.info({ fault: 'fresh-token', path: req.path }, 'sandbox fault');
        return void res.status(401).json(errors.revokedToken);
      }
    }
    const fault = state.takeFault(req.path, isApiPath(req.path));
    if (!fault) return next();
    logger.info({ fault: fault.kind, path: req.path }, 'sandbox fault');
    switch (fault.kind) {
      case '429':
        return void res.status(429).json(errors.throttled);
      case '500':
        return void res.status(500).json(errors.internal);
      case '500-after-create': {
        // the request is carried out (the post is stored), then LinkedIn answers 500 anyway
        const end = res.end.bind(res) as (...args: unknown[]) => unknown;
        res.end = ((...args: unknown[]) => {
          if (res.statusCode >= 400) return end(...args);
          res.status(500);
          res.removeHeader('x-restli-id');
          res.removeHeader('x-linkedin-id');
          res.setHeader('content-type', 'application/json; charset=utf-8');
          return end(JSON.stringify(errors.internal));
        }) as typeof res.end;
        return next();
      }
      case 'retired-version':
        return void res.status(426).json(errors.retiredVersion(req.get('linkedin-version') ?? 'NO_VERSION'));
      case 'commentary-too-long':
        // LinkedIn counting a text longer than we did (its count is undocumented): its real 400
        return void express.json({ limit: '200kb' })(req, res, () => {
          const commentary = String((req.body as { commentary?: unknown } | undefined)?.commentary ?? '');
          res.status(400).json(errors.commentaryTooLong(commentary, Math.max(commentary.length, MAX_COMMENTARY + 1)));
        });
      case 'expired-token': {
        // the presented token really dies, so a retry with it fails too and a refresh is needed
        const token = presentedToken(req);
        const issued = token ? state.accessTokens.get(token) : undefined;
        if (issued) issued.expiresAt = Math.min(issued.expiresAt, state.now());
        return void res.status(401).json(errors.expiredToken);
      }
      case 'slow': {
        const delay = fault.delayMs ?? config.SANDBOX_SLOW_MS;
        const end = res.end.bind(res) as (...args: unknown[]) => unknown;
        res.end = ((...args: unknown[]) => {
          setTimeout(() => end(...args), delay);
          return res;
        }) as typeof res.end;
        return next();
      }
      case 'fresh-token':
        // armed at the token endpoint (state.armFreshToken), never taken by a call
        return next();
      case 'lost-response': {
        // the request is carried out, then the connection drops before any answer
        res.end = (() => {
          req.socket.destroy();
          return res;
        }) as typeof res.end;
        return next();
      }
    }
  };
  app.use(faults);

  const latency: RequestHandler = (req, _res, next) => {
    // creating a post takes LinkedIn a few hundred ms: its own setting, asked for on purpose, so fast mode keeps it
    if (config.SANDBOX_CREATE_POST_LATENCY_MS > 0 && req.method === 'POST' && req.path === '/rest/posts') {
      return void sleep(uniformDelay(config.SANDBOX_CREATE_POST_LATENCY_MS, config.SANDBOX_CREATE_POST_JITTER_MS)).then(() => next());
    }
    if (settings.fast || !isApiPath(req.path) || config.SANDBOX_LATENCY_MS === 0) return next();
    void sleep(randomDelay(config.SANDBOX_LATENCY_MS)).then(() => next());
  };
  app.use(latency);

  const router = express.Router();
  oauthRoutes(router, state, config);
  apiRoutes(router, state, config, settings);
  // test controls answer anyone who reaches them: only when a test asks (SANDBOX_CONTROL)
  if (config.control) controlRoutes(router, state, settings);
  feedRoutes(router, state);
  app.get('/health', (_req, res) => void res.json({ status: 'ok', service: 'linkedin-sandbox' }));
  // nothing to wait for: the state lives in memory
  app.get('/ready', (_req, res) => void res.json({ status: 'ok', service: 'linkedin-sandbox', checks: {} }));
  app.use(router);

  app.use((req, res) => {
    res.status(404).json({ status: 404, code: 'NOT_FOUND', message: `No resource found for ${req.method} ${req.path}` });
  });
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status >= 500) logger.error({ err }, 'sandbox error');
    if (res.headersSent) return;
    res.status(status).json({ status, code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST', message: status === 500 ? 'Internal Server Error' : String(err.message ?? 'Bad request') });
  };
  app.use(onError);

  const server = await listen(app, config.PORT, config.HOST);
  logger.info(
    { url: server.url, fast: settings.fast, control: config.control, createPostLatencyMs: config.SANDBOX_CREATE_POST_LATENCY_MS, createPostJitterMs: config.SANDBOX_CREATE_POST_JITTER_MS },
    'linkedin sandbox listening',
  );
  return { url: server.url, port: server.port, state, stop: () => server.close() };
}
