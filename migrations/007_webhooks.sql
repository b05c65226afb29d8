-- Event webhooks for integrators (decisions.md §6c). Portable SQL, as 001. An endpoint belongs to one profile
-- (profile_id) or to one organization (org_id); the other column is NULL.
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  profile_id TEXT REFERENCES profiles(id) ON DELETE CASCADE,
  org_id TEXT REFERENCES organizations(id) ON DELETE CASCADE,
  created_by_profile_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT,
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_expires_at TEXT,
  status TEXT NOT NULL CHECK (status IN ('enabled', 'disabled')),
  disabled_reason TEXT,
  failing_since TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((profile_id IS NULL) <> (org_id IS NULL))
);
CREATE INDEX webhook_endpoints_profile_idx ON webhook_endpoints (profile_id);
CREATE INDEX webhook_endpoints_org_idx ON webhook_endpoints (org_id);

-- One row per event; body is the exact JSON sent, so every retry carries the same bytes and webhook-id.
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  invoice_id TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL REFERENCES webhook_events(id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  status_code INTEGER,
  last_error TEXT,
  response_body TEXT,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  delivered_at TEXT
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at);
