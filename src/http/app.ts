import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { invoicesRoutes } from '../invoices/invoices.routes.js';
import { reviewRoutes } from '../invoices/review.routes.js';
import { organizationsRoutes } from '../organizations/organizations.routes.js';
import { constanciaRoutes } from '../profiles/constancia.routes.js';
import { profilesRoutes } from '../profiles/profiles.routes.js';
import { webhooksRoutes } from '../webhooks/webhooks.routes.js';
import { bearerAuth } from './auth.js';
import { bodyLimit } from './body.limit.js';
import { mountDocs } from './docs.js';
import type { AppEnv } from './env.js';
import { errorResponse, handleError } from './errors.js';
import { healthRoute, mountOpenApi } from './openapi.js';
import { rateLimit } from './rate.limit.js';
import { newRouter } from './router.js';

export interface AppExtras {
  /** Routes mounted outside /api (no API key): signed file links, bot webhooks. */
  publicRoutes?: OpenAPIHono<AppEnv>[];
}

export function createApp(deps: Deps, extras: AppExtras = {}): OpenAPIHono<AppEnv> {
  const app = newRouter();
  const { logger, config } = deps;

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    const start = performance.now();
    await next();
    logger.info(
      {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      'request',
    );
  });
  app.use('*', bodyLimit({ maxBytes: config.MAX_BODY_BYTES }));
  app.onError((err, c) => handleError(err, c, logger));
  app.notFound((c) =>
    errorResponse(c, new AppError('NotFound', `No route for ${c.req.method} ${c.req.path}`)),
  );

  app.openapi(healthRoute, (c) =>
    c.json({ status: 'ok' as const, time: deps.clock.now().toISOString() }, 200),
  );
  mountOpenApi(app, config.PUBLIC_BASE_URL);
  mountDocs(app, config.PUBLIC_BASE_URL);

  for (const r of extras.publicRoutes ?? []) app.route('/', r);

  app.use('/api/*', bearerAuth(deps));
  app.use('/api/*', rateLimit({ perMinute: config.RATE_LIMIT_PER_MINUTE, clock: deps.clock, db: deps.db }));
  app.route('/', profilesRoutes(deps));
  app.route('/', organizationsRoutes(deps));
  app.route('/', invoicesRoutes(deps));
  app.route('/', webhooksRoutes(deps));
  app.route('/', constanciaRoutes(deps));
  app.route('/', reviewRoutes(deps));
  return app;
}
