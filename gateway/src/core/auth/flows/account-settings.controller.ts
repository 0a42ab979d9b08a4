import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionInfo } from '@contracts';
import { notFound } from '../../http/domain-error';
import { RequireRecentAuth, SignedIn } from '../../rbac/decorators';
import { ChangePasswordDto } from './dto/account-flows.dto';
import { FLOW_MESSAGES } from './flow-messages';
import { PasswordChangeService } from './password-change.service';
import { SessionsService } from './sessions.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in person's own account: Change Password and sessions (profile page, spec 03 §2). */
@ApiTags('auth')
@Controller('api/auth')
export class AccountSettingsController {
  constructor(
    private readonly passwords: PasswordChangeService,
    private readonly sessions: SessionsService,
  ) {}

  @SignedIn()
  @RequireRecentAuth()
  @Post('password')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Change your password. Needs a recent sign-in (else 403 session_refresh_required: 'Confirm Action'); your other sessions end, " + 'access tokens stay.',
  })
  changePassword(@Body() body: ChangePasswordDto, @Req() req: Request): Promise<{ other_sessions_revoked: number }> {
    return this.passwords.change(req.principal!, body.currentPassword, body.newPassword);
  }

  @SignedIn()
  @Get('sessions')
  @ApiOperation({ summary: 'Your live sessions, the current one first (ids are public handles, never the session secret)' })
  list(@Req() req: Request): Promise<SessionInfo[]> {
    return this.sessions.list(req.principal!);
  }

  @SignedIn()
  @Delete('sessions/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'End one of your sessions (another person’s is not found)' })
  async revoke(@Param('id') id: string, @Req() req: Request): Promise<void> {
    if (!UUID.test(id)) throw notFound(FLOW_MESSAGES.sessionNotFound, 'session_not_found');
    await this.sessions.revoke(req.principal!, id);
  }

  @SignedIn()
  @Delete('sessions')
  @HttpCode(200)
  @ApiOperation({ summary: 'End all your sessions but this one' })
  revokeOthers(@Req() req: Request): Promise<{ revoked: number }> {
    return this.sessions.revokeOthers(req.principal!);
  }
}
