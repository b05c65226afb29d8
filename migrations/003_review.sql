-- Review before sealing: how the creation asked to review, until when a pending invoice waits, the confirm
-- that moved it on (so a retried confirm is recognised), and every correction made by a person.
ALTER TABLE invoices ADD COLUMN review_mode TEXT NOT NULL DEFAULT 'auto';
ALTER TABLE invoices ADD COLUMN review_fields TEXT;
ALTER TABLE invoices ADD COLUMN review_expires_at TEXT;
ALTER TABLE invoices ADD COLUMN confirmed_at TEXT;
ALTER TABLE invoices ADD COLUMN confirm_hash TEXT;

CREATE TABLE invoice_corrections (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  seq INTEGER NOT NULL,
  field TEXT NOT NULL CHECK (field IN ('vendor_name', 'vendor_rfc', 'date', 'total')),
  old_value TEXT,
  new_value TEXT NOT NULL,
  corrected_by_profile_id TEXT NOT NULL,
  source TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX invoice_corrections_invoice_idx ON invoice_corrections (invoice_id, seq);
