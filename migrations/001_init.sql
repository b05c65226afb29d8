-- Initial schema. Portable SQL (SQLite and PostgreSQL): TEXT ids (UUID), TEXT UTC ISO-8601 timestamps,
-- INTEGER 0/1 booleans, BIGINT money in cents, JSON as TEXT. Frozen: never edit, add a new file instead.

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  feature_flags TEXT NOT NULL DEFAULT '{}',
  credits_remaining INTEGER NOT NULL DEFAULT 0 CHECK (credits_remaining >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE profiles (
  id TEXT PRIMARY KEY,
  rfc TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  email TEXT UNIQUE,
  phone_number TEXT UNIQUE,
  org_id TEXT REFERENCES organizations(id),
  is_admin INTEGER NOT NULL DEFAULT 0,
  credits_remaining INTEGER NOT NULL DEFAULT 0 CHECK (credits_remaining >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX profiles_org_idx ON profiles (org_id);

-- Tax information of a profile (the receptor of its invoices). tax_id is the profile's RFC.
CREATE TABLE tax_info (
  profile_id TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  taxpayer TEXT,
  street TEXT,
  ext_num TEXT,
  neighborhood TEXT,
  city TEXT,
  state TEXT,
  country TEXT,
  postal_code TEXT,
  fiscal_regimen TEXT,
  cfdi_use TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL UNIQUE,
  key_prefix TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_profile_idx ON api_keys (profile_id);

-- Every movement of credits is a row. account_type is 'profile' or 'org'. delta > 0 grant/refund, < 0 charge.
-- A refund names the invoice it refunds and may exist once per invoice.
CREATE TABLE credit_ledger (
  id TEXT PRIMARY KEY,
  account_type TEXT NOT NULL CHECK (account_type IN ('profile', 'org')),
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('grant', 'charge', 'refund', 'adjust')),
  delta INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  invoice_id TEXT,
  reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX credit_ledger_account_idx ON credit_ledger (account_type, account_id, created_at);
CREATE UNIQUE INDEX credit_ledger_invoice_kind_idx ON credit_ledger (invoice_id, kind);

CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(id),
  org_id TEXT REFERENCES organizations(id),
  charged_account_type TEXT NOT NULL CHECK (charged_account_type IN ('profile', 'org')),
  charged_account_id TEXT NOT NULL,
  created_by_profile_id TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT 'api',
  status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  amount_cents BIGINT,
  currency TEXT NOT NULL DEFAULT 'MXN',
  vendor TEXT,
  vendor_rfc TEXT,
  cfdi_usage TEXT NOT NULL,
  expense_description TEXT,
  uuid TEXT,
  failure_reason TEXT,
  failure_code TEXT,
  receipt_key TEXT NOT NULL,
  receipt_data TEXT,
  xml_key TEXT,
  pdf_key TEXT,
  idempotency_key TEXT,
  request_hash TEXT,
  chat_channel TEXT,
  chat_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX invoices_profile_created_idx ON invoices (profile_id, created_at);
CREATE INDEX invoices_org_profile_created_idx ON invoices (org_id, profile_id, created_at);
CREATE UNIQUE INDEX invoices_idempotency_idx ON invoices (created_by_profile_id, idempotency_key);

-- Durable job queue. A worker claims a due job by setting lease_until; an expired lease is claimable again.
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  run_at TEXT NOT NULL,
  lease_until TEXT,
  locked_by TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX jobs_due_idx ON jobs (status, run_at);

-- Merchant directory: fills regime / postal code / name when a ticket lacks them.
CREATE TABLE merchants (
  rfc TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  store_name TEXT,
  regimen_fiscal TEXT,
  postal_code TEXT,
  updated_at TEXT NOT NULL
);

-- Chat channels: which chat belongs to which profile, conversation state, webhook dedupe, outbox.
CREATE TABLE chat_identities (
  channel TEXT NOT NULL,
  external_id TEXT NOT NULL,
  profile_id TEXT REFERENCES profiles(id) ON DELETE CASCADE,
  phone_number TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (channel, external_id)
);
CREATE INDEX chat_identities_profile_idx ON chat_identities (profile_id);

CREATE TABLE conversations (
  channel TEXT NOT NULL,
  external_id TEXT NOT NULL,
  state TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL,
  PRIMARY KEY (channel, external_id)
);

CREATE TABLE processed_updates (
  channel TEXT NOT NULL,
  update_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (channel, update_id)
);

CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  channel TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX outbox_due_idx ON outbox (status, next_attempt_at);
