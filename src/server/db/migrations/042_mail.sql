-- E-mail (issue 41, docs/decisions/131): the one outbox every feature sends through. SMTP_URL and
-- MAIL_FROM in the environment win over the settings saved here; with neither, nothing leaves and
-- each message is kept as 'not sent' (demo mode shows in Sent mail what it would have sent).

-- The SMTP server set in Settings → E-mail, one row. The password is AES-256-GCM sealed with the
-- token key (TOKEN_ENCRYPTION_KEY), never sent back to a browser: the page learns only whether
-- one is saved.
CREATE TABLE mail_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  host text CHECK (host IS NULL OR length(host) <= 253),
  port integer CHECK (port IS NULL OR port BETWEEN 1 AND 65535),
  -- 'starttls': plain connection upgraded (587); 'tls': TLS from the start (465); 'none': neither (a relay on the LAN).
  security text NOT NULL DEFAULT 'starttls' CHECK (security IN ('starttls', 'tls', 'none')),
  username text CHECK (username IS NULL OR length(username) <= 254),
  password_sealed text,
  from_address text CHECK (from_address IS NULL OR length(from_address) <= 254),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
INSERT INTO mail_settings (id) VALUES (1);

-- Every message, as the receiver sees it. A caller queues one in its own transaction (the message
-- exists exactly when the change that caused it is committed) under a key of its choosing
-- ('reminder:<deadline>:<step>'): the same key again is the same message, never a second one.
-- The 'mail' queue of the jobs table sends it: claims, leases, retries with backoff.
CREATE TABLE mail_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order they were queued in (Sent mail lists newest first; times of one instant tie).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  dedupe_key text NOT NULL UNIQUE CHECK (length(dedupe_key) <= 500),
  to_address text NOT NULL CHECK (length(to_address) <= 254),
  -- The sender it went out with (set when it is sent: MAIL_FROM or Settings' at that moment).
  from_address text,
  subject text NOT NULL CHECK (length(subject) <= 998),
  body_text text,
  body_html text,
  CHECK (body_text IS NOT NULL OR body_html IS NOT NULL),
  -- queued: waiting or being retried (last_error says why); sent: the SMTP server accepted it;
  -- failed: given up after the last attempt; not_sent: no SMTP server was set (kept, never sent later).
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'not_sent')),
  attempts integer NOT NULL DEFAULT 0,
  -- In words ('The SMTP server refused the login'), never a stack.
  last_error text,
  -- Amounts of money in the subject or body: only super admins read it (admins see that it exists).
  has_money boolean NOT NULL DEFAULT false,
  -- Who or what queued it ('test', 'reminder', …): for the list, and for callers to find their own.
  kind text NOT NULL DEFAULT 'other' CHECK (length(kind) <= 60),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_messages_newest_idx ON mail_messages (seq DESC);

-- A message's files (a statement PDF), in the order given.
CREATE TABLE mail_attachments (
  message_id uuid NOT NULL REFERENCES mail_messages (id) ON DELETE CASCADE,
  position integer NOT NULL,
  filename text NOT NULL CHECK (length(filename) <= 255),
  content_type text NOT NULL CHECK (length(content_type) <= 255),
  content bytea NOT NULL,
  PRIMARY KEY (message_id, position)
);
