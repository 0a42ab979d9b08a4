import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Foundations: extensions, the shared `set_updated_at()` trigger function, identity (people, roles, teams,
 * tokens, sessions, login attempts, verification codes, second factors), feature-flag properties and agents
 * with the local agent row (all-zero UUID) that every `agent_id` column defaults to.
 */
export class InitialSchema1732300000000 implements MigrationInterface {
  name = 'InitialSchema1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const touch = (table: string) => `CREATE TRIGGER ${table}_updated_at BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`;

const UP = [
  `CREATE EXTENSION IF NOT EXISTS pgcrypto`,
  `CREATE EXTENSION IF NOT EXISTS citext`,

  `CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.updated_at := now();
     RETURN NEW;
   END $$`,

  // ---- people and roles ----------------------------------------------------------------------------------
  `CREATE TABLE people (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     email citext,
     avatar text,
     type text NOT NULL DEFAULT 'user' CHECK (type IN ('user', 'agent', 'system')),
     state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
     password_hash text,
     email_verified_at timestamptz,
     totp_secret text,
     totp_enabled_at timestamptz,
     properties jsonb NOT NULL DEFAULT '{}',
     last_login timestamptz,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz
   )`,
  `CREATE UNIQUE INDEX people_email_key ON people (email) WHERE email IS NOT NULL`,
  `CREATE INDEX people_name_idx ON people (name)`,
  touch('people'),

  `CREATE TABLE person_roles (
     person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     role text NOT NULL CHECK (role IN ('admin', 'editor', 'commander', 'responder', 'viewer')),
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (person_id, role)
   )`,

  `CREATE TABLE teams (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     icon text,
     spec jsonb NOT NULL DEFAULT '{}',
     source text NOT NULL DEFAULT 'UI',
     created_by uuid REFERENCES people (id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz
   )`,
  `CREATE UNIQUE INDEX teams_name_key ON teams (name) WHERE deleted_at IS NULL`,
  `CREATE INDEX teams_created_by_idx ON teams (created_by)`,
  touch('teams'),

  `CREATE TABLE team_members (
     team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
     person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (team_id, person_id)
   )`,
  `CREATE INDEX team_members_person_id_idx ON team_members (person_id)`,

  // ---- credentials and sessions --------------------------------------------------------------------------
  `CREATE TABLE access_tokens (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     value_hash text NOT NULL UNIQUE,
     person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     created_by uuid REFERENCES people (id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz,
     last_used_at timestamptz
   )`,
  `CREATE INDEX access_tokens_person_id_idx ON access_tokens (person_id)`,
  `CREATE INDEX access_tokens_created_by_idx ON access_tokens (created_by)`,

  `CREATE TABLE sessions (
     id text PRIMARY KEY,
     person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     last_seen_at timestamptz NOT NULL DEFAULT now(),
     ip text,
     user_agent text,
     revoked_at timestamptz
   )`,
  `CREATE INDEX sessions_person_id_idx ON sessions (person_id)`,
  `CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)`,

  `CREATE TABLE login_attempts (
     id bigserial PRIMARY KEY,
     email text,
     ip text,
     success boolean NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX login_attempts_created_at_idx ON login_attempts (created_at)`,
  `CREATE INDEX login_attempts_email_idx ON login_attempts (email, created_at)`,
  `CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at)`,

  // Emailed codes for verification, recovery and invitations; only the hash is stored.
  `CREATE TABLE identity_codes (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     person_id uuid REFERENCES people (id) ON DELETE CASCADE,
     email citext NOT NULL,
     purpose text NOT NULL CHECK (purpose IN ('verification', 'recovery', 'invite')),
     code_hash text NOT NULL,
     attempts integer NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,
  `CREATE INDEX identity_codes_person_id_idx ON identity_codes (person_id)`,
  `CREATE INDEX identity_codes_email_idx ON identity_codes (email, purpose)`,

  `CREATE TABLE recovery_codes (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     code_hash text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     used_at timestamptz
   )`,
  `CREATE INDEX recovery_codes_person_id_idx ON recovery_codes (person_id)`,

  `CREATE TABLE webauthn_credentials (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
     credential_id text NOT NULL UNIQUE,
     public_key text NOT NULL,
     counter bigint NOT NULL DEFAULT 0,
     transports text[] NOT NULL DEFAULT '{}',
     name text,
     created_at timestamptz NOT NULL DEFAULT now(),
     last_used_at timestamptz
   )`,
  `CREATE INDEX webauthn_credentials_person_id_idx ON webauthn_credentials (person_id)`,

  // ---- feature flags and other properties ----------------------------------------------------------------
  `CREATE TABLE properties (
     name text PRIMARY KEY,
     value text NOT NULL,
     description text,
     created_by uuid REFERENCES people (id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX properties_created_by_idx ON properties (created_by)`,
  touch('properties'),

  // ---- agents ----------------------------------------------------------------------------------------------
  `CREATE TABLE agents (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     description text,
     properties jsonb NOT NULL DEFAULT '{}',
     person_id uuid REFERENCES people (id) ON DELETE SET NULL,
     last_seen timestamptz,
     last_received timestamptz,
     cleanup boolean NOT NULL DEFAULT false,
     created_by uuid REFERENCES people (id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz
   )`,
  `CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL`,
  `CREATE INDEX agents_person_id_idx ON agents (person_id)`,
  `CREATE INDEX agents_created_by_idx ON agents (created_by)`,
  touch('agents'),
  `INSERT INTO agents (id, name, description) VALUES
     ('00000000-0000-0000-0000-000000000000', 'local', 'This console (the all-zero id means no remote agent)')`,

  // Every agent_id column defaults to the local agent and cascades, so the local row must never go away.
  `CREATE FUNCTION protect_local_agent() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF OLD.id = '00000000-0000-0000-0000-000000000000' AND (TG_OP = 'DELETE' OR NEW.deleted_at IS NOT NULL) THEN
       RAISE EXCEPTION 'the local agent cannot be deleted' USING ERRCODE = 'check_violation';
     END IF;
     IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER agents_protect_local BEFORE DELETE OR UPDATE OF deleted_at ON agents
     FOR EACH ROW EXECUTE FUNCTION protect_local_agent()`,
];

const DOWN = [
  `DROP TABLE agents`,
  `DROP FUNCTION protect_local_agent()`,
  `DROP TABLE properties`,
  `DROP TABLE webauthn_credentials`,
  `DROP TABLE recovery_codes`,
  `DROP TABLE identity_codes`,
  `DROP TABLE login_attempts`,
  `DROP TABLE sessions`,
  `DROP TABLE access_tokens`,
  `DROP TABLE team_members`,
  `DROP TABLE teams`,
  `DROP TABLE person_roles`,
  `DROP TABLE people`,
  `DROP FUNCTION set_updated_at()`,
  `DROP EXTENSION IF EXISTS citext`,
  `DROP EXTENSION IF EXISTS pgcrypto`,
];
