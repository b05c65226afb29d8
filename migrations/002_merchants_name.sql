-- The merchant directory is also looked up by razón social (a ticket whose RFC could not be read).
CREATE INDEX IF NOT EXISTS merchants_name ON merchants (name);
