/**
 * `npm run users -- <command>`: sign-in accounts from the machine the console runs on, until the invite and
 * password-recovery pages exist (issue 14).
 *
 *   npm run users -- add <email> <role> [name]     a person who can sign in (role: admin, editor, commander, responder, viewer)
 *   npm run users -- set-password <email>          a new password for an existing person; their sessions and tokens end
 *
 * The password is read from the PASSWORD variable, else asked for on the terminal (not echoed). The database is
 * DATABASE_URL, else the embedded one of DATA_DIR (the console must be running, since it runs that server).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { ROLES, type Role } from '@contracts';
import { loadConfig } from '../core/config/app-config';
import { hashPassword } from '../core/auth/password';

export const MIN_PASSWORD_LENGTH = 8;

export class UsageError extends Error {}

/** Where the database is: DATABASE_URL, else the embedded server's credentials in DATA_DIR. */
export function databaseUrlFor(config: { databaseUrl: string | null; dataDir: string }): string {
  if (config.databaseUrl) return config.databaseUrl;
  const file = path.join(config.dataDir, 'pg-credentials.json');
  if (!fs.existsSync(file)) throw new UsageError(`No DATABASE_URL and no embedded database in ${config.dataDir}: start the console once first`);
  const { password, port } = JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string; port: number };
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/console`;
}

export interface UserCommand {
  command: 'add' | 'set-password';
  email: string;
  role?: Role;
  name?: string;
}

export function parseArgs(argv: readonly string[]): UserCommand {
  const [command, email, role, ...name] = argv;
  const usage = 'usage: npm run users -- add <email> <role> [name] | set-password <email>';
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError(usage);
  if (command === 'set-password') return { command, email };
  if (command !== 'add') throw new UsageError(usage);
  if (!role || !(ROLES as readonly string[]).includes(role)) throw new UsageError(`role must be one of ${ROLES.join(', ')}`);
  return { command, email, role: role as Role, name: name.join(' ') || email.split('@')[0] };
}

/** Carries out one command on an open connection; returns what to print. */
export async function runUserCommand(db: Pick<Client, 'query'>, cmd: UserCommand, password: string): Promise<string> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  const hash = await hashPassword(password);
  if (cmd.command === 'add') {
    const exists = await db.query(`select 1 from people where lower(email) = lower($1) and deleted_at is null`, [cmd.email]);
    if (exists.rowCount) throw new UsageError(`${cmd.email} already exists; use set-password to change their password`);
    const person = await db.query<{ id: string }>(
      `insert into people (name, email, password_hash) values ($1, $2, $3)
       on conflict (email) where email is not null do update set name = excluded.name, password_hash = excluded.password_hash, deleted_at = null, state = 'active'
       returning id`,
      [cmd.name, cmd.email, hash],
    );
    await db.query(`insert into person_roles (person_id, role) values ($1, $2) on conflict do nothing`, [person.rows[0].id, cmd.role]);
    return `Added ${cmd.email} (${cmd.role}); they can sign in now`;
  }
  const updated = await db.query<{ id: string }>(`update people set password_hash = $2 where lower(email) = lower($1) and deleted_at is null returning id`, [
    cmd.email,
    hash,
  ]);
  if (!updated.rowCount) throw new UsageError(`No person with the email ${cmd.email}`);
  // A new password ends what the old one opened.
  await db.query(`update sessions set revoked_at = now() where person_id = $1 and revoked_at is null`, [updated.rows[0].id]);
  await db.query(`delete from access_tokens where person_id = $1`, [updated.rows[0].id]);
  return `Set a new password for ${cmd.email}; their sessions and access tokens have ended`;
}

async function askPassword(): Promise<string> {
  if (process.env.PASSWORD) return process.env.PASSWORD;
  if (!process.stdin.isTTY) throw new UsageError('Set PASSWORD, or run this in a terminal to be asked for it');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput(s: string): void };
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(prompt);
      muted._writeToOutput = () => undefined;
      rl.question('', (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  try {
    const first = await ask('Password: ');
    if ((await ask('Again: ')) !== first) throw new UsageError('The passwords differ');
    return first;
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const cmd = parseArgs(process.argv.slice(2));
  const db = new Client({ connectionString: databaseUrlFor(loadConfig()) });
  const password = await askPassword();
  await db.connect();
  try {
    console.log(await runUserCommand(db, cmd, password));
  } finally {
    await db.end();
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error instanceof UsageError ? error.message : `Failed: ${error.message}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
