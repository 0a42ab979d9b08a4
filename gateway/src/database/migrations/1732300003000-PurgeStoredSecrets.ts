import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `scheme://user:password@` in stored text; the password part is replaced by `***`. */
const URL_PASSWORD = `([a-z][a-z0-9+.-]{0,31}://[^[:space:]:/@"]{0,255}:)[^[:space:]/@"]{1,255}@`;
/** Headers that carry credentials, wherever a result kept a header map. */
const CREDENTIAL_HEADERS = `ARRAY['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token']`;

/**
 * Issue 8, defect 2: results stored before credentials were bound and redacted may hold secrets. What can be
 * recognised without the connections' key is purged: passwords inside URLs (messages, errors, details, the check's
 * newest message) and credential headers in stored header maps. A connection's password echoed back by a peer in a
 * body cannot be told from other text here; such rows age out with the result retention (HEALTH_STATUS_RETENTION_DAYS).
 */
export class PurgeStoredSecrets1732300003000 implements MigrationInterface {
  name = 'PurgeStoredSecrets1732300003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE check_statuses SET
         message = regexp_replace(message, '${URL_PASSWORD}', '\\1***@', 'gi'),
         error = regexp_replace(error, '${URL_PASSWORD}', '\\1***@', 'gi'),
         details = regexp_replace(details::text, '${URL_PASSWORD}', '\\1***@', 'gi')::jsonb
       WHERE message ~* '${URL_PASSWORD}' OR error ~* '${URL_PASSWORD}' OR details::text ~* '${URL_PASSWORD}'`,
    );
    await q.query(
      `UPDATE check_statuses SET details = jsonb_set(details, '{headers}', (details->'headers') - ${CREDENTIAL_HEADERS})
       WHERE jsonb_typeof(details->'headers') = 'object' AND (details->'headers') ?| ${CREDENTIAL_HEADERS}`,
    );
    await q.query(
      `UPDATE checks SET
         last_message = regexp_replace(last_message, '${URL_PASSWORD}', '\\1***@', 'gi'),
         last_error = regexp_replace(last_error, '${URL_PASSWORD}', '\\1***@', 'gi')
       WHERE last_message ~* '${URL_PASSWORD}' OR last_error ~* '${URL_PASSWORD}'`,
    );
  }

  async down(): Promise<void> {
    // Purged values are gone; nothing to restore.
  }
}
