import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.js';
import { validationFromZod } from './errors.js';

/** Every route validated with zod reports failures through the one error mapping. */
export const newRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationFromZod(result.error, result.target);
    },
  });
