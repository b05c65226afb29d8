-- The learned merchant directory belongs to the payer (a profile or an organization): what one payer's tickets
-- taught never reaches another payer's CFDI. The shared, global directory is dropped (its rows cannot be told
-- apart by payer); the curated catalog (src/catalogs/merchants.catalog.json) is the only shared merchant data.
CREATE TABLE learned_merchants (
  tenant TEXT NOT NULL,
  rfc TEXT NOT NULL,
  name TEXT NOT NULL,
  store_name TEXT,
  regimen_fiscal TEXT,
  postal_code TEXT,
  confirmations INTEGER NOT NULL,
  disputed_name TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant, rfc)
);
CREATE INDEX learned_merchants_name ON learned_merchants (tenant, name);
DROP TABLE merchants;
