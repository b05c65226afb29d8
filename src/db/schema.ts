/** Table types for kysely. Mirrors migrations/*.sql; booleans are 0/1 integers, timestamps ISO strings. */
export interface OrganizationsTable {
  id: string;
  name: string;
  description: string;
  feature_flags: string;
  credits_remaining: number;
  created_at: string;
  updated_at: string;
}

export interface ProfilesTable {
  id: string;
  rfc: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  org_id: string | null;
  is_admin: number;
  credits_remaining: number;
  created_at: string;
  updated_at: string;
}

export interface TaxInfoTable {
  profile_id: string;
  taxpayer: string | null;
  street: string | null;
  ext_num: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
  fiscal_regimen: string | null;
  cfdi_use: string | null;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  profile_id: string;
  key_hash: string;
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type AccountType = 'profile' | 'org';
export type LedgerKind = 'grant' | 'charge' | 'refund' | 'adjust';

export interface CreditLedgerTable {
  id: string;
  account_type: AccountType;
  account_id: string;
  kind: LedgerKind;
  delta: number;
  balance_after: number;
  invoice_id: string | null;
  reason: string | null;
  created_at: string;
}

export type InvoiceStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface InvoicesTable {
  id: string;
  profile_id: string;
  org_id: string | null;
  charged_account_type: AccountType;
  charged_account_id: string;
  created_by_profile_id: string;
  source: string;
  status: InvoiceStatus;
  amount_cents: number | null;
  currency: string;
  vendor: string | null;
  vendor_rfc: string | null;
  cfdi_usage: string;
  expense_description: string | null;
  uuid: string | null;
  failure_reason: string | null;
  failure_code: string | null;
  receipt_key: string;
  receipt_data: string | null;
  xml_key: string | null;
  pdf_key: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  chat_channel: string | null;
  chat_id: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** The merchant directory a payer's completed invoices taught (migration 008): per tenant. */
export interface LearnedMerchantsTable {
  /** `profile:<id>` or `org:<id>`: the payer (the account the invoice is charged to). */
  tenant: string;
  rfc: string;
  name: string;
  store_name: string | null;
  regimen_fiscal: string | null;
  postal_code: string | null;
  /** Completed invoices that agreed on this name; the entry is used from two on. */
  confirmations: number;
  /** Another name a later invoice showed for this RFC: the entry is in doubt and not used. */
  disputed_name: string | null;
  updated_at: string;
}

export interface ChatIdentitiesTable {
  channel: string;
  external_id: string;
  profile_id: string | null;
  phone_number: string | null;
  created_at: string;
  updated_at: string;
}

export interface ConversationsTable {
  channel: string;
  external_id: string;
  state: string;
  data: string;
  updated_at: string;
}

export interface ProcessedUpdatesTable {
  channel: string;
  update_id: string;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  channel: string;
  chat_id: string;
  payload: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface Database {
  organizations: OrganizationsTable;
  profiles: ProfilesTable;
  tax_info: TaxInfoTable;
  api_keys: ApiKeysTable;
  credit_ledger: CreditLedgerTable;
  invoices: InvoicesTable;
  jobs: JobsTable;
  learned_merchants: LearnedMerchantsTable;
  chat_identities: ChatIdentitiesTable;
  conversations: ConversationsTable;
  processed_updates: ProcessedUpdatesTable;
  outbox: OutboxTable;
  schema_migrations: { name: string; applied_at: string };
}
