import type { ProfilesTable } from '../db/schema.js';

/** Hono context variables set by the middleware in app.ts. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The profile the API key acts as (set by the auth middleware on /api/*). */
    profile: ProfilesTable;
  };
}
