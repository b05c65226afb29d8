-- Fair use: processing invoices are counted per payer before a new one is accepted.
CREATE INDEX invoices_payer_status_idx ON invoices (charged_account_type, charged_account_id, status);

-- Retention: when the receipt image of a finished invoice was deleted (the invoice, its XML and PDF stay).
ALTER TABLE invoices ADD COLUMN receipt_deleted_at TEXT;
CREATE INDEX invoices_retention_idx ON invoices (status, receipt_deleted_at, updated_at);

-- Retention: delivery marks are deleted by age.
CREATE INDEX processed_updates_created_idx ON processed_updates (created_at);
