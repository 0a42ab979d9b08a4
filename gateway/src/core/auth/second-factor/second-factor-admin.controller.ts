import { Controller, Delete, HttpCode, Param, ParseUUIDPipe, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequireFeature, RequirePermission } from '../../rbac/decorators';
import { SecondFactorService } from './second-factor.service';

/** An administrator resets someone's second factors (spec: "Admin can reset a user's second factor"). */
@ApiTags('users')
@RequireFeature('settings.users')
@Controller('api/users')
export class SecondFactorAdminController {
  constructor(private readonly secondFactors: SecondFactorService) {}

  @Delete(':id/second-factor')
  @HttpCode(204)
  @RequirePermission('identities', 'write')
  @ApiOperation({
    summary:
      "Reset a user's second factors: authenticator app, recovery codes and security keys are removed and their sessions end. " +
      'Not for your own account (use your profile settings).',
  })
  reset(@Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<void> {
    return this.secondFactors.reset(id, req.principal!);
  }
}
