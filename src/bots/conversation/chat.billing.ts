import { type Account, balanceOf } from '../../credits/credits.service.js';
import type { DbOrTrx } from '../../db/db.js';
import type { ProfilesTable } from '../../db/schema.js';
import { getOrganization, orgHasFlag } from '../../organizations/organizations.service.js';

export const CHAT_INVOICING_FLAG = 'chat_invoicing';

export interface ChatPayer {
  account: Account;
  /** The organization the invoice is filed under (so it shows in member-invoices), or null. */
  orgId: string | null;
  /** Name to tell the member whose credits are spent; undefined when they are the member's own. */
  orgName?: string;
}

/** docs/decisions.md §8: a member of an organization with `chat_invoicing` spends the organization's credits. */
export async function chatPayer(db: DbOrTrx, profile: ProfilesTable): Promise<ChatPayer> {
  if (profile.org_id && (await orgHasFlag(db, profile.org_id, CHAT_INVOICING_FLAG))) {
    const org = await getOrganization(db, profile.org_id);
    return { account: { type: 'org', id: profile.org_id }, orgId: profile.org_id, orgName: org?.name };
  }
  return { account: { type: 'profile', id: profile.id }, orgId: null };
}

export const payerBalance = (db: DbOrTrx, payer: ChatPayer): Promise<number> => balanceOf(db, payer.account);

/** The balance that pays this member's chat invoices, and the organization's name when it is not their own. */
export async function payingBalance(
  db: DbOrTrx,
  profile: ProfilesTable,
): Promise<{ credits: number; orgName?: string }> {
  const payer = await chatPayer(db, profile);
  const credits = await payerBalance(db, payer);
  return payer.account.type === 'org'
    ? { credits, orgName: payer.orgName ?? 'tu organización' }
    : { credits };
}
