-- Sign in with Google or Microsoft (issue 27, docs/decisions/091): each provider as a super admin sets
-- it up, and the sign-ins under way, shared by every app instance on this database.

-- One row per provider. The client secret is never here: it comes from the environment only
-- (OIDC_GOOGLE_CLIENT_SECRET, OIDC_MICROSOFT_CLIENT_SECRET), so the audit log never holds it.
CREATE TABLE sign_in_providers (
  id text PRIMARY KEY CHECK (id IN ('google', 'microsoft')),
  -- The issuer identifier; its discovery document is `${issuer_url}/.well-known/openid-configuration`.
  issuer_url text NOT NULL DEFAULT '' CHECK (length(issuer_url) <= 500),
  client_id text NOT NULL DEFAULT '' CHECK (length(client_id) <= 500),
  enabled boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (NOT enabled OR (btrim(issuer_url) <> '' AND btrim(client_id) <> ''))
);
CREATE TRIGGER sign_in_providers_touch BEFORE UPDATE ON sign_in_providers FOR EACH ROW EXECUTE FUNCTION touch_row();
CREATE TRIGGER sign_in_providers_audit AFTER INSERT OR UPDATE OR DELETE ON sign_in_providers
  FOR EACH ROW EXECUTE FUNCTION audit_row();
-- Written before the audit trigger matters (no actor): the two places, off, Google's issuer filled in.
ALTER TABLE sign_in_providers DISABLE TRIGGER USER;
INSERT INTO sign_in_providers (id, issuer_url) VALUES ('google', 'https://accounts.google.com'), ('microsoft', '');
ALTER TABLE sign_in_providers ENABLE TRIGGER USER;

-- A sign-in sent to a provider and not yet back: the PKCE verifier, state and nonce stay here, never
-- in the browser. The browser holds a random key in an httpOnly cookie; the row's id is its SHA-256.
-- A row is taken (deleted) by the first callback that brings its key, so it serves once.
CREATE TABLE oidc_pending_sign_ins (
  id text PRIMARY KEY,
  provider text NOT NULL REFERENCES sign_in_providers (id),
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_pending_sign_ins_expiry_idx ON oidc_pending_sign_ins (expires_at);
