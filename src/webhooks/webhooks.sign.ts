import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of random
 * bytes, and the HMAC key is those bytes, so receivers can verify with the maintained libraries.
 */
const PREFIX = 'whsec_';

export const newSecret = (): string => PREFIX + randomBytes(32).toString('base64');

const keyOf = (secret: string): Buffer => Buffer.from(secret.slice(PREFIX.length), 'base64');

/** `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`; timestamp in whole seconds since the epoch. */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt; during a rotation's overlap the signature list carries both secrets. */
export function signedHeaders(
  secrets: string[],
  msg: { id: string; timestamp: number; body: string },
): Record<string, string> {
  return {
    'webhook-id': msg.id,
    'webhook-timestamp': String(msg.timestamp),
    'webhook-signature': secrets.map((s) => signPayload(s, msg.id, msg.timestamp, msg.body)).join(' '),
  };
}
