-- Several instances on one database: fair job claims per payer, files in the database, shared settings,
-- rate-limit windows, and an outbox index that finds each chat's next message.

-- Who pays for a job ('profile:<id>', 'org:<id>', 'chat:<channel>:<id>'): claims prefer the payer with the
-- fewest running jobs, so one payer's flood does not hold back another's single invoice.
ALTER TABLE jobs ADD COLUMN payer_key TEXT;
CREATE INDEX jobs_running_payer_idx ON jobs (status, payer_key);

-- Files kept in the database (STORAGE=postgres): a header row and fixed-size chunks, so a file is written
-- and read a chunk at a time. BYTEA is a valid type name on both engines (SQLite stores the bytes as given).
CREATE TABLE stored_files (
  key TEXT PRIMARY KEY,
  size BIGINT NOT NULL,
  chunks INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE stored_file_chunks (
  key TEXT NOT NULL REFERENCES stored_files(key) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  data BYTEA NOT NULL,
  PRIMARY KEY (key, seq)
);

-- Settings every instance must agree on (the generated link secret, the registered Telegram webhook).
CREATE TABLE app_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Fixed one-minute request windows per key, shared by all instances.
CREATE TABLE rate_windows (
  key TEXT PRIMARY KEY,
  window_start BIGINT NOT NULL,
  count INTEGER NOT NULL
);

-- The oldest pending message of each chat, found without scanning other chats' rows.
CREATE INDEX outbox_chat_pending_idx ON outbox (channel, chat_id, status, id);
