import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, single sign-on: a person's identities at an OpenID Connect provider (issuer + subject), the sign-in flows
 * under way (state, PKCE verifier and nonce between the redirect to the provider and its callback), and hosted
 * mode's organisations with their members and each session's current organisation (spec 03 §2, §3).
 */
export class SingleSignOn1732300014050 implements MigrationInterface {
  name = 'SingleSignOn1732300014050';

  async up(q: QueryRunner): Promise<void> {
    // `provider_roles`: the roles this identity's claim granted at its last sign-in, so the next sign-in can take back
    // exactly those (roles an admin gave in the console stay).
    await q.query(`CREATE TABLE person_identities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider text NOT NULL,
      subject text NOT NULL,
      person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
      email citext,
      provider_roles text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      UNIQUE (provider, subject)
    )`);
    await q.query(`CREATE INDEX person_identities_person_id_idx ON person_identities (person_id)`);

    // Keyed by the sha256 of the browser's flow cookie: a flow is only finished by the browser that started it, once.
    await q.query(`CREATE TABLE oidc_login_flows (
      id text PRIMARY KEY,
      state text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      return_to text NOT NULL,
      link_person_id uuid REFERENCES people (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX oidc_login_flows_expires_at_idx ON oidc_login_flows (expires_at)`);
    await q.query(`CREATE INDEX oidc_login_flows_link_person_id_idx ON oidc_login_flows (link_person_id)`);

    await q.query(`CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9_.-]{0,99}$'),
      name text NOT NULL,
      backend_url text,
      direct boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE organization_members (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, person_id)
    )`);
    await q.query(`CREATE INDEX organization_members_person_id_idx ON organization_members (person_id)`);
    await q.query(`ALTER TABLE sessions ADD COLUMN organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL`);
    // A person's or an organisation's deletion finds its rows without a scan (schema test: every foreign key indexed).
    await q.query(`CREATE INDEX sessions_organization_id_idx ON sessions (organization_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions DROP COLUMN organization_id`);
    await q.query(`DROP TABLE organization_members`);
    await q.query(`DROP TABLE organizations`);
    await q.query(`DROP TABLE oidc_login_flows`);
    await q.query(`DROP TABLE person_identities`);
  }
}
