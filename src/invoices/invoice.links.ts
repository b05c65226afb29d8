import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { InvoicesTable } from '../db/schema.js';

/**
 * Signed, expiring file links (docs/decisions.md §6). The link names only the invoice id and the file kind; the
 * storage key comes from the invoice row, so nothing in a URL ever reaches the file system.
 */
export type FileKind = 'pdf' | 'xml';
export const FILE_KINDS: readonly FileKind[] = ['pdf', 'xml'];

type LinkDeps = {
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT' | 'LINK_TTL_SECONDS' | 'linkSecret'> &
    Partial<Pick<Config, 'linkSecretPrevious'>>;
  clock: Clock;
};

function secretOf(config: LinkDeps['config']): string {
  if (!config.linkSecret)
    throw new Error('linkSecret is not configured (set LINK_SECRET or let main.ts make one)');
  return config.linkSecret;
}

export const signLink = (secret: string, invoiceId: string, kind: FileKind, exp: number): string =>
  createHmac('sha256', secret).update(`${invoiceId}.${kind}.${exp}`).digest('base64url');

export const filePath = (invoiceId: string, kind: FileKind) => `/files/invoices/${invoiceId}/${kind}`;

export function fileUrl(deps: LinkDeps, invoiceId: string, kind: FileKind): string {
  const base = (deps.config.PUBLIC_BASE_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, '');
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + deps.config.LINK_TTL_SECONDS;
  const sig = signLink(secretOf(deps.config), invoiceId, kind, exp);
  return `${base}${filePath(invoiceId, kind)}?exp=${exp}&sig=${sig}`;
}

/** Fresh links on every read; null until the invoice is completed. */
export function invoiceFileUrls(
  deps: LinkDeps,
  invoice: Pick<InvoicesTable, 'id' | 'status'>,
): { pdf_url: string | null; xml_url: string | null } {
  if (invoice.status !== 'completed') return { pdf_url: null, xml_url: null };
  return { pdf_url: fileUrl(deps, invoice.id, 'pdf'), xml_url: fileUrl(deps, invoice.id, 'xml') };
}

const sameSig = (secret: string, invoiceId: string, kind: FileKind, exp: number, given: Buffer) => {
  const expected = Buffer.from(signLink(secret, invoiceId, kind, exp));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * True when sig is ours for (id, kind, exp) and exp has not passed. Constant-time comparison. A link signed
 * with LINK_SECRET_PREVIOUS still verifies, so the secret can be rotated without breaking links already sent.
 */
export function verifyLink(
  deps: LinkDeps,
  invoiceId: string,
  kind: FileKind,
  exp: string | undefined,
  sig: string | undefined,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const given = Buffer.from(sig);
  const previous = deps.config.linkSecretPrevious;
  const ok =
    sameSig(secretOf(deps.config), invoiceId, kind, Number(exp), given) ||
    (previous !== undefined && sameSig(previous, invoiceId, kind, Number(exp), given));
  return ok && Number(exp) >= Math.floor(deps.clock.now().getTime() / 1000);
}
