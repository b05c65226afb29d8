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
  /** 1 when the number was proven from a chat or set by the operator; 0 is a claim the chat must accept. */
  phone_verified: number;
  /** Where the RFC was registered: 'chat' (typed in a chat sign-up), 'api' or 'cli'. */
  rfc_source: string;
  /** Issue date (YYYY-MM-DD) of the last Constancia de Situación Fiscal read for this RFC. */
  constancia_issued_on: string | null;
  /** 1 after the operator revoked the keys: /apikey in chat refuses until the operator allows it again. */
  chat_keys_blocked: number;
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
  /** 'chat' for keys minted with /apikey (a new one revokes the previous), else 'api'. */
  source: string;
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
  /** Set when RECEIPT_RETENTION_DAYS deleted the receipt image (migration 005). */
  receipt_deleted_at?: string | null;
  /** 'auto' | 'always' | 'never': when the reading waits for the person (decisions.md §6b). */
  review_mode: ReviewMode;
  /** JSON array of the key fields that were unsure when the invoice went to pending. */
  review_fields: string | null;
  review_expires_at: string | null;
  /** Set when a pending invoice was confirmed; the job then seals the stored reading plus its corrections. */
  confirmed_at: string | null;
  confirm_hash: string | null;
}

export type ReviewMode = 'auto' | 'always' | 'never';

/** One value a person changed on a pending invoice: who, when, old → new (values as text). */
export interface InvoiceCorrectionsTable {
  id: string;
  invoice_id: string;
  /** Order within the invoice: later corrections of a field win. */
  seq: number;
  field: 'vendor_name' | 'vendor_rfc' | 'date' | 'total';
  old_value: string | null;
  new_value: string;
  corrected_by_profile_id: string;
  source: string;
  created_at: string;
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
  /** Who pays for the job; claims are fair between payers. Null: a job of its own group. */
  payer_key: string | null;
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

/** A pending invoice's card in a chat. awaiting: the key field the bot asked the person to type. */
export interface ChatReviewCardsTable {
  invoice_id: string;
  channel: string;
  chat_id: string;
  message_id: string | null;
  awaiting: 'vendor_rfc' | 'total' | 'date' | null;
  shown_seq: number;
  created_at: string;
  updated_at: string;
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
  invoice_corrections: InvoiceCorrectionsTable;
  chat_review_cards: ChatReviewCardsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  app_settings: AppSettingsTable;
  rate_windows: RateWindowsTable;
}

export interface WebhookEndpointsTable {
  id: string;
  profile_id: string | null;
  org_id: string | null;
  created_by_profile_id: string;
  url: string;
  /** JSON array of event types; NULL means every event. */
  events: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  invoice_id: string | null;
  body: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  status_code: number | null;
  last_error: string | null;
  response_body: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export interface StoredFilesTable {
  key: string;
  size: number;
  chunks: number;
  created_at: string;
}

export interface StoredFileChunksTable {
  key: string;
  seq: number;
  data: Buffer;
}

export interface AppSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface RateWindowsTable {
  key: string;
  window_start: number;
  count: number;
}
