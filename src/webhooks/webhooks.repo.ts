import { randomUUID } from 'node:crypto';
import type { DbOrTrx } from '../db/db.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema.js';

/** Repositories of the webhook tables: plain functions taking a db or a transaction first. */
export type Owner = { profileId: string; orgId: null } | { profileId: null; orgId: string };

export async function insertEndpoint(
  db: DbOrTrx,
  row: Omit<WebhookEndpointsTable, 'status' | 'disabled_reason' | 'failing_since'>,
): Promise<WebhookEndpointsTable> {
  const full: WebhookEndpointsTable = {
    ...row,
    status: 'enabled',
    disabled_reason: null,
    failing_since: null,
  };
  await db.insertInto('webhook_endpoints').values(full).execute();
  return full;
}

export async function countEndpoints(db: DbOrTrx, owner: Owner): Promise<number> {
  const q = db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll().as('n'));
  const r = await (owner.orgId
    ? q.where('org_id', '=', owner.orgId)
    : q.where('profile_id', '=', owner.profileId)
  ).executeTakeFirstOrThrow();
  return Number(r.n);
}

export const findEndpoint = (db: DbOrTrx, id: string) =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

/** The caller's own endpoints, plus its organization's when orgId is given (admins). */
export function listEndpoints(db: DbOrTrx, profileId: string, orgId: string | null) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where((eb) =>
      orgId
        ? eb.or([eb('profile_id', '=', profileId), eb('org_id', '=', orgId)])
        : eb('profile_id', '=', profileId),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteEndpoint(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export async function updateEndpoint(db: DbOrTrx, id: string, set: Partial<WebhookEndpointsTable>) {
  await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
}

/** Enabled endpoints that hear about an invoice: its owner's, and its organization's when billed to one. */
export function endpointsForInvoice(db: DbOrTrx, inv: { profile_id: string; org_id: string | null }) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('status', '=', 'enabled')
    .where((eb) =>
      inv.org_id
        ? eb.or([eb('profile_id', '=', inv.profile_id), eb('org_id', '=', inv.org_id)])
        : eb('profile_id', '=', inv.profile_id),
    )
    .execute();
}

export async function insertEvent(
  db: DbOrTrx,
  ev: { id: string; type: string; invoiceId: string | null; body: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('webhook_events')
    .values({ id: ev.id, type: ev.type, invoice_id: ev.invoiceId, body: ev.body, created_at: ev.createdAt })
    .execute();
}

export async function insertDelivery(
  db: DbOrTrx,
  endpointId: string,
  eventId: string,
  now: string,
): Promise<WebhookDeliveriesTable> {
  const row: WebhookDeliveriesTable = {
    id: randomUUID(),
    endpoint_id: endpointId,
    event_id: eventId,
    status: 'pending',
    attempts: 0,
    status_code: null,
    last_error: null,
    response_body: null,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
    delivered_at: null,
  };
  await db.insertInto('webhook_deliveries').values(row).execute();
  return row;
}

/** A delivery with its event's type and body, for sending and for listing. */
const deliveryWithEvent = (db: DbOrTrx) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type as event_type', 'e.body as event_body', 'e.created_at as event_created_at']);

export const findDelivery = (db: DbOrTrx, id: string) =>
  deliveryWithEvent(db).where('d.id', '=', id).executeTakeFirst();

export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

export const listDeliveries = (db: DbOrTrx, endpointId: string, limit: number) =>
  deliveryWithEvent(db)
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();

/** Records an attempt's result; only while the delivery is still pending, so a stale attempt changes nothing. */
export async function recordAttempt(
  db: DbOrTrx,
  id: string,
  set: Pick<
    WebhookDeliveriesTable,
    | 'status'
    | 'status_code'
    | 'last_error'
    | 'response_body'
    | 'next_attempt_at'
    | 'updated_at'
    | 'delivered_at'
  > & { attempts: number },
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
