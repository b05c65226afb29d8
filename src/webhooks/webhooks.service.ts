import { randomUUID } from 'node:crypto';
import type { ProfilesTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { conflict, notFound } from '../errors.js';
import { requireOrgAdmin } from '../organizations/organizations.access.js';
import { type InvoiceEventType, recordPing } from './webhooks.events.js';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  type Owner,
  updateEndpoint,
} from './webhooks.repo.js';
import { newSecret } from './webhooks.sign.js';
import { parseWebhookUrl, resolveWebhookHost, systemResolver } from './webhooks.url.js';

export const MAX_ENDPOINTS_PER_OWNER = 10;
/** How long a rotated-out secret keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

type ServiceDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'resolveHost'>;
type Caller = ProfilesTable;

export interface NewEndpoint {
  url: string;
  events?: InvoiceEventType[];
  org_id?: string;
}

/** The URL must be well formed and resolve only to public addresses (or loopback when insecure is allowed). */
async function checkUrl(deps: ServiceDeps, raw: string): Promise<string> {
  const allowInsecure = deps.config.WEBHOOK_ALLOW_INSECURE;
  const url = parseWebhookUrl(raw, allowInsecure);
  await resolveWebhookHost(url, { resolveHost: deps.resolveHost ?? systemResolver, allowInsecure });
  return url.href;
}

export async function createEndpoint(
  deps: ServiceDeps,
  caller: Caller,
  input: NewEndpoint,
): Promise<WebhookEndpointsTable> {
  if (input.org_id) requireOrgAdmin(caller, input.org_id);
  const owner: Owner = input.org_id
    ? { profileId: null, orgId: input.org_id }
    : { profileId: caller.id, orgId: null };
  const url = await checkUrl(deps, input.url);
  const now = deps.clock.now().toISOString();
  const events = input.events?.length ? JSON.stringify([...new Set(input.events)]) : null;
  return deps.db.transaction().execute(async (trx) => {
    if ((await countEndpoints(trx, owner)) >= MAX_ENDPOINTS_PER_OWNER)
      throw conflict(`At most ${MAX_ENDPOINTS_PER_OWNER} webhook endpoints per owner; delete one first`);
    return insertEndpoint(trx, {
      id: randomUUID(),
      profile_id: owner.profileId,
      org_id: owner.orgId,
      created_by_profile_id: caller.id,
      url,
      events,
      secret: newSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    });
  });
}

/** The caller's own endpoints, and its organization's when it is an admin there. */
export const listEndpointsFor = (deps: Pick<Deps, 'db'>, caller: Caller) =>
  listEndpoints(deps.db, caller.id, caller.is_admin === 1 ? caller.org_id : null);

/** An endpoint the caller manages; anyone else's (or an unknown one) is NotFound, so existence is not revealed. */
export async function requireEndpoint(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  id: string,
): Promise<WebhookEndpointsTable> {
  const ep = await findEndpoint(deps.db, id);
  const mine = ep?.profile_id === caller.id;
  const orgs = ep?.org_id != null && ep.org_id === caller.org_id && caller.is_admin === 1;
  if (!ep || !(mine || orgs)) throw notFound('Webhook endpoint');
  return ep;
}

export async function removeEndpoint(deps: Pick<Deps, 'db'>, caller: Caller, id: string): Promise<void> {
  const ep = await requireEndpoint(deps, caller, id);
  await deleteEndpoint(deps.db, ep.id);
}

/** A new secret; the old one keeps signing (a second signature) for ROTATION_OVERLAP_MS. */
export async function rotateSecret(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  id: string,
): Promise<WebhookEndpointsTable> {
  const ep = await requireEndpoint(deps, caller, id);
  const now = deps.clock.now();
  const set = {
    secret: newSecret(),
    previous_secret: ep.secret,
    previous_secret_expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
    updated_at: now.toISOString(),
  };
  await updateEndpoint(deps.db, ep.id, set);
  return { ...ep, ...set };
}

export async function pingEndpoint(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  id: string,
): Promise<WebhookDeliveriesTable> {
  const ep = await requireEndpoint(deps, caller, id);
  return deps.db.transaction().execute((trx) => recordPing(trx, deps.clock, ep));
}

export async function deliveriesOf(deps: Pick<Deps, 'db'>, caller: Caller, id: string, limit: number) {
  const ep = await requireEndpoint(deps, caller, id);
  return listDeliveries(deps.db, ep.id, limit);
}
