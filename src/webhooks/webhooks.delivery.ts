import type { WebhookEndpointsTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import type { JobHandler } from '../jobs/worker.js';
import { enqueueAttempt } from './webhooks.events.js';
import { type PostOutcome, postOnce } from './webhooks.http.js';
import {
  type DeliveryRow,
  findDelivery,
  findEndpoint,
  recordAttempt,
  updateEndpoint,
} from './webhooks.repo.js';
import { signedHeaders } from './webhooks.sign.js';
import { type HostResolver, parseWebhookUrl, resolveWebhookHost, systemResolver } from './webhooks.url.js';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
/** Wait after the nth failed attempt; the last value repeats until the retry window closes. */
export const RETRY_DELAYS_MS = [5, 30, 120, 600, 3600, 7200, 14_400, 28_800].map((s) => s * SECOND);
/** No attempt is scheduled later than this after the event. */
export const RETRY_WINDOW_MS = 24 * HOUR;
/** An endpoint whose every delivery failed for this long is disabled. */
export const DISABLE_AFTER_MS = 72 * HOUR;
export const TIMEOUT_MS = 5 * SECOND;
export const MAX_STORED_BODY_BYTES = 1024;

export type DeliveryDeps = Pick<Deps, 'db' | 'clock' | 'logger' | 'config'> & {
  resolveHost?: HostResolver;
  timeoutMs?: number;
};

export const retryDelay = (attempts: number): number =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export function activeSecrets(ep: WebhookEndpointsTable, now: Date): string[] {
  const prevValid =
    ep.previous_secret && ep.previous_secret_expires_at && new Date(ep.previous_secret_expires_at) > now;
  return prevValid ? [ep.secret, ep.previous_secret!] : [ep.secret];
}

/** Checks the URL again (DNS may have changed since registration), signs, and POSTs the stored body. */
async function send(deps: DeliveryDeps, ep: WebhookEndpointsTable, d: DeliveryRow): Promise<PostOutcome> {
  const allowInsecure = deps.config.WEBHOOK_ALLOW_INSECURE;
  let addresses: string[];
  let url: URL;
  try {
    url = parseWebhookUrl(ep.url, allowInsecure);
    addresses = await resolveWebhookHost(url, {
      resolveHost: deps.resolveHost ?? systemResolver,
      allowInsecure,
    });
  } catch (e) {
    return { error: e instanceof AppError ? e.message : String(e) };
  }
  const now = deps.clock.now();
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = signedHeaders(activeSecrets(ep, now), { id: d.event_id, timestamp, body: d.event_body });
  return postOnce(url, headers, d.event_body, {
    addresses,
    timeoutMs: deps.timeoutMs ?? TIMEOUT_MS,
    maxBodyBytes: MAX_STORED_BODY_BYTES,
  });
}

type Verdict = 'delivered' | 'gone' | 'retry' | 'failed';

function verdictOf(o: PostOutcome, d: DeliveryRow, nextAt: Date): Verdict {
  if ('status' in o && o.status >= 200 && o.status < 300) return 'delivered';
  if ('status' in o && o.status === 410) return 'gone';
  // A ping is a one-off check; events are retried while the window lasts.
  if (d.event_type === 'ping') return 'failed';
  return nextAt.getTime() - new Date(d.created_at).getTime() <= RETRY_WINDOW_MS ? 'retry' : 'failed';
}

/** What a result does to the endpoint: success clears the failure streak; 410 or 3 days of failure disable. */
function endpointChange(
  ep: WebhookEndpointsTable,
  v: Verdict,
  d: DeliveryRow,
  now: Date,
): Partial<WebhookEndpointsTable> | undefined {
  const at = now.toISOString();
  if (v === 'delivered') {
    // A delivered ping is how an integrator turns a disabled endpoint back on after fixing it.
    if (ep.status === 'disabled' && d.event_type !== 'ping') return undefined;
    return { status: 'enabled', disabled_reason: null, failing_since: null, updated_at: at };
  }
  if (v === 'gone')
    return { status: 'disabled', disabled_reason: 'The endpoint answered 410 Gone', updated_at: at };
  if (d.event_type === 'ping') return undefined;
  const since = ep.failing_since ?? at;
  if (now.getTime() - new Date(since).getTime() >= DISABLE_AFTER_MS)
    return {
      status: 'disabled',
      disabled_reason: 'Every delivery failed for 3 days',
      failing_since: since,
      updated_at: at,
    };
  return ep.failing_since ? undefined : { failing_since: at, updated_at: at };
}

const errorOf = (o: PostOutcome) => ('error' in o ? o.error : o.status >= 300 ? `HTTP ${o.status}` : null);

/** Stores the attempt, schedules the next one when due, and updates the endpoint, in one transaction. */
async function settle(deps: DeliveryDeps, ep: WebhookEndpointsTable, d: DeliveryRow, o: PostOutcome) {
  const now = deps.clock.now();
  const attempts = d.attempts + 1;
  const nextAt = new Date(now.getTime() + retryDelay(attempts));
  const v = verdictOf(o, d, nextAt);
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await recordAttempt(trx, d.id, {
      status: v === 'delivered' ? 'delivered' : v === 'retry' ? 'pending' : 'failed',
      attempts,
      status_code: 'status' in o ? o.status : null,
      last_error: errorOf(o),
      response_body: 'status' in o ? o.body : null,
      next_attempt_at: v === 'retry' ? nextAt.toISOString() : null,
      updated_at: now.toISOString(),
      delivered_at: v === 'delivered' ? now.toISOString() : null,
    });
    if (!recorded) return; // another run of this delivery already settled it
    if (v === 'retry') await enqueueAttempt(trx, deps.clock, d, nextAt);
    const change = endpointChange(ep, v, d, now);
    if (change) await updateEndpoint(trx, ep.id, change);
  });
  return v;
}

async function failWithoutSending(deps: DeliveryDeps, d: DeliveryRow, reason: string) {
  const now = deps.clock.now().toISOString();
  await recordAttempt(deps.db, d.id, {
    status: 'failed',
    attempts: d.attempts,
    status_code: null,
    last_error: reason,
    response_body: null,
    next_attempt_at: null,
    updated_at: now,
    delivered_at: null,
  });
}

/** One attempt of one delivery. HTTP failures are results, not errors: the job ends and a retry job is queued. */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const d = await findDelivery(deps.db, deliveryId);
  if (d?.status !== 'pending') return;
  const ep = await findEndpoint(deps.db, d.endpoint_id);
  if (!ep) return;
  if (ep.status === 'disabled' && d.event_type !== 'ping')
    return failWithoutSending(deps, d, `Endpoint disabled: ${ep.disabled_reason ?? ''}`.trim());
  const outcome = await send(deps, ep, d);
  const v = await settle(deps, ep, d, outcome);
  deps.logger.info({ deliveryId, endpointId: ep.id, attempt: d.attempts + 1, result: v }, 'webhook attempt');
}

export function webhookDeliveryHandler(deps: DeliveryDeps): JobHandler {
  const idOf = (payload: unknown) => (payload as { deliveryId: string }).deliveryId;
  return {
    run: (payload) => attemptDelivery(deps, idOf(payload)),
    exhausted: async (payload, error) => {
      const d = await findDelivery(deps.db, idOf(payload));
      if (d?.status === 'pending') await failWithoutSending(deps, d, `Internal error: ${error}`);
    },
  };
}
