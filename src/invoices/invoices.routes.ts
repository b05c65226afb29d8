import { OpenAPIHono } from '@hono/zod-openapi';
import type { Deps } from '../deps.js';
import type { AppEnv } from '../http/env.js';

// Placeholder: routes are being written in their own change.
export function invoicesRoutes(_deps: Deps): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>();
}
