import { randomBytes } from 'node:crypto';
import type { Queryable } from '../database/db.service';
import { hashPassword } from './password';

export interface AdminBootstrapResult {
  adminId: string;
  created: boolean;
  generatedPassword?: string;
}

/**
 * On first start (no admin yet) creates the admin person with ADMIN_EMAIL/ADMIN_PASSWORD, or admin@local with a
 * generated password the caller prints once. Later starts find the admin and change nothing.
 */
export async function ensureAdmin(db: Queryable, email: string, password: string | null): Promise<AdminBootstrapResult> {
  const existing = await db.query<{ id: string }>(
    `select p.id from people p join person_roles r on r.person_id = p.id
      where r.role = 'admin' and p.deleted_at is null order by p.created_at limit 1`,
  );
  if (existing.rows.length) return { adminId: existing.rows[0].id, created: false };

  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  const hash = await hashPassword(password ?? generatedPassword!);
  const person = await db.query<{ id: string }>(
    `insert into people (name, email, password_hash) values ('Admin', $1, $2)
     on conflict (email) where email is not null do update set password_hash = excluded.password_hash, deleted_at = null
     returning id`,
    [email, hash],
  );
  const adminId = person.rows[0].id;
  await db.query(`insert into person_roles (person_id, role) values ($1, 'admin') on conflict do nothing`, [adminId]);
  return { adminId, created: true, generatedPassword };
}
