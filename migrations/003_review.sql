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

-- The chat card of a pending invoice: where it was shown (Telegram message to edit in place), the value the bot
-- asked for last, and shown_seq ordering a chat's cards so a typed answer goes to the most recent one.
CREATE TABLE chat_review_cards (
  invoice_id TEXT PRIMARY KEY REFERENCES invoices(id),
  channel TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  message_id TEXT,
  awaiting TEXT,
  shown_seq INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX chat_review_cards_chat_idx ON chat_review_cards (channel, chat_id, shown_seq);
