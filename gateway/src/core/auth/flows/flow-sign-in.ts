import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { permissionsFor, type LoginResponse, type WhoAmI } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Db } from '../../database/db.service';
import { unauthorized } from '../../http/domain-error';
import { requestIp } from '../auth.guard';
import { HAS_SECOND_FACTOR_SQL, IdentityService } from '../identity.service';
import { setSessionCookies } from '../session-cookies';

/**
 * Signs a person in at the end of a flow (registration, recovery): a new session and its cookies. An account with a
 * second factor gets a session waiting for it, exactly as the password sign-in does: a recovery link is not a way
 * around two-factor authentication.
 */
@Injectable()
export class FlowSignIn {
  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signIn(personId: string, method: 'registration' | 'recovery', req: Request, res: Response): Promise<LoginResponse> {
    const row = await this.db.one<{ second_factor: boolean }>(`select ${HAS_SECOND_FACTOR_SQL} as second_factor from people p where p.id = $1`, [personId]);
    const secondFactor = !!row?.second_factor;
    const { secret, expiresAt } = await this.identity.createSession(personId, requestIp(req), req.header('user-agent'), { aal: 'aal1', method });
    setSessionCookies(res, this.config, secret, expiresAt);
    await this.db.query('update people set last_login = now() where id = $1', [personId]);
    if (secondFactor) return { second_factor_required: true, methods: await this.identity.secondFactorMethods(personId) };
    return this.whoami(personId);
  }

  async whoami(personId: string): Promise<WhoAmI> {
    const person = await this.identity.person(personId);
    if (!person) throw unauthorized();
    const roles = await this.identity.rolesOf(personId);
    return { user: person, roles, permissions: permissionsFor(roles) };
  }
}
