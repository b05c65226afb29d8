-- Identity: proven phone numbers, where an RFC came from, the Constancia that backs it, chat-issued keys.
-- Frozen: never edit, add a new file instead.

-- A number set through the API is a claim the person in the chat accepts; one proven from a chat (or set by
-- the operator) links silently. Numbers already linked to a chat of the same number count as proven.
ALTER TABLE profiles ADD COLUMN phone_verified INTEGER NOT NULL DEFAULT 0;
UPDATE profiles SET phone_verified = 1 WHERE EXISTS (
  SELECT 1 FROM chat_identities c WHERE c.profile_id = profiles.id AND c.phone_number = profiles.phone_number
);

-- 'chat' | 'api' | 'cli'. A chat RFC never backed by a Constancia can be reclaimed by the RFC's owner. Chat
-- sign-up never asks for an email, so linked profiles without one were registered from chat.
ALTER TABLE profiles ADD COLUMN rfc_source TEXT NOT NULL DEFAULT 'api';
UPDATE profiles SET rfc_source = 'chat' WHERE email IS NULL AND EXISTS (
  SELECT 1 FROM chat_identities c WHERE c.profile_id = profiles.id
);
ALTER TABLE profiles ADD COLUMN constancia_issued_on TEXT;

-- Set by the operator's revoke-keys: /apikey in chat refuses until allow-chat-keys.
ALTER TABLE profiles ADD COLUMN chat_keys_blocked INTEGER NOT NULL DEFAULT 0;

-- 'chat' for keys minted with /apikey: a new one revokes the previous chat key.
ALTER TABLE api_keys ADD COLUMN source TEXT NOT NULL DEFAULT 'api';
