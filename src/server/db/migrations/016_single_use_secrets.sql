-- Single-use secrets (issue 22, docs/decisions/075): one-time passwords expire, and a Google
-- OAuth state is accepted once, by every app instance on this database.

-- When the one-time password an admin set (account created or password reset) stops signing in.
-- NULL: the password is the user's own (chosen, or set by the operator's `user:create`).
ALTER TABLE users ADD COLUMN one_time_password_expires_at timestamptz;
-- One-time passwords handed out before this migration get the default 72 hours from now; written
-- with the table's triggers off (no audit row, no version bump for a column nobody edited).
ALTER TABLE users DISABLE TRIGGER USER;
UPDATE users SET one_time_password_expires_at = now() + interval '72 hours' WHERE must_change_password;
ALTER TABLE users ENABLE TRIGGER USER;

-- OAuth states already brought back (a hash, never the state itself). A state is signed and
-- lives 15 minutes; a row is kept past that only until the next callback clears it.
CREATE TABLE oauth_states_used (
  state_hash text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_states_used_at_idx ON oauth_states_used (used_at);
