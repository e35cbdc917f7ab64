-- The first super admin from the browser (issue 38, docs/decisions/117): a start that finds no users
-- prints a one-time setup address; its token is kept here as a SHA-256 hash, never as itself.
-- One row per start while there are no users (several instances may share this database): every
-- address printed stays valid until one of them creates the first super admin, which clears them all.
CREATE TABLE setup_tokens (
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
