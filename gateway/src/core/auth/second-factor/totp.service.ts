import { Inject, Injectable } from '@nestjs/common';
import * as QRCode from 'qrcode';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { loadConnectionKey } from '../../connections/connection-key';
import { Db } from '../../database/db.service';
import { badRequest, conflict, notFound } from '../../http/domain-error';
import { RecoveryCodesService } from './recovery-codes';
import type { TotpSetup } from './second-factor.types';
import { acceptTotpCode, newTotpSecret, totpUri } from './totp';

export const INVALID_TOTP_CODE = 'Invalid authentication code';

/**
 * Authenticator apps (TOTP). The shared secret is stored encrypted with pgcrypto under the key of stored secrets
 * (CONNECTION_KEY or DATA_DIR/connection.key) and shown once, at set-up; the data API never lists the column.
 * Set-up leaves it pending until a code from the app proves it was scanned.
 */
@Injectable()
export class TotpService {
  private key: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly recoveryCodes: RecoveryCodesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private secretKey(): string {
    this.key ??= loadConnectionKey(this.config);
    return this.key;
  }

  /** A new pending secret (replacing any earlier pending one), its otpauth URI and the URI as a QR code. */
  async setup(personId: string): Promise<TotpSetup> {
    const secret = newTotpSecret();
    const row = await this.db.one<{ email: string | null; name: string }>(
      `update people set totp_secret = armor(pgp_sym_encrypt($2, $3)), totp_last_step = null
        where id = $1 and totp_enabled_at is null returning email, name`,
      [personId, secret, this.secretKey()],
    );
    if (!row) throw conflict('An authenticator app is already set up. Remove it first to set up another.', 'totp_enabled');
    const otpauthUri = totpUri(secret, row.email ?? row.name);
    const qr = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { secret, otpauth_uri: otpauthUri, qr };
  }

  /** A code from the app turns the pending secret on; answers the new recovery codes (shown once). */
  async enable(personId: string, code: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ secret: string | null; enabled: boolean }>(
        `select case when totp_secret is null then null else pgp_sym_decrypt(dearmor(totp_secret), $2) end as secret,
                totp_enabled_at is not null as enabled
           from people where id = $1 for update`,
        [personId, this.secretKey()],
      );
      const row = rows[0];
      if (row?.enabled) throw conflict('The authenticator app is already set up', 'totp_enabled');
      if (!row?.secret) throw badRequest('Set up the authenticator app first', 'totp_not_pending');
      const step = acceptTotpCode(row.secret, code, null);
      if (step === null) throw badRequest(INVALID_TOTP_CODE, 'invalid_code');
      await tx.query('update people set totp_enabled_at = now(), totp_last_step = $2 where id = $1', [personId, step]);
      return this.recoveryCodes.regenerate(personId, tx);
    });
  }

  /** Turns the app off (or drops a pending set-up); 404 when there was neither. */
  async disable(personId: string): Promise<void> {
    const rows = await this.db.query(
      `update people set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = $1 and totp_secret is not null returning id`,
      [personId],
    );
    if (!rows.length) throw notFound('No authenticator app is set up', 'totp_not_enabled');
  }

  async isEnabled(personId: string): Promise<boolean> {
    const row = await this.db.one<{ enabled: boolean }>('select totp_enabled_at is not null as enabled from people where id = $1', [personId]);
    return !!row?.enabled;
  }

  /**
   * A sign-in code: valid now (±1 step) and of a step newer than the last one accepted. The step is recorded in the
   * same statement that checks it, so two requests with one code cannot both succeed.
   */
  async verify(personId: string, code: string): Promise<boolean> {
    const row = await this.db.one<{ secret: string; last_step: string | null }>(
      `select pgp_sym_decrypt(dearmor(totp_secret), $2) as secret, totp_last_step as last_step
         from people where id = $1 and totp_enabled_at is not null and totp_secret is not null`,
      [personId, this.secretKey()],
    );
    if (!row) return false;
    const step = acceptTotpCode(row.secret, code, row.last_step === null ? null : Number(row.last_step));
    if (step === null) return false;
    const used = await this.db.query('update people set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id', [
      personId,
      step,
    ]);
    return used.length === 1;
  }
}
