import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { UserRow } from '@contracts';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { UpdateUserDto } from './dto/update-user.dto';
import { UsersService } from './users.service';

/** Users (spec 03 §2 Users, §7 Users). Inviting is `POST /api/users/invite` (the identity flows, core). */
@ApiTags('users')
@RequireFeature('settings.users')
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @RequirePermission('identities', 'read')
  @ApiOperation({ summary: 'Every user with roles, state, whether invited (not registered yet) and whether a second factor is set' })
  list(): Promise<UserRow[]> {
    return this.users.list();
  }

  @Patch(':id')
  @RequirePermission('identities', 'write')
  @ApiOperation({ summary: "Change a user's name or roles; the last active admin and one's own roles are protected" })
  update(@Param('id') id: string, @Body() body: UpdateUserDto, @Req() req: Request): Promise<UserRow> {
    return this.users.update(id, body, req.principal!);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('identities', 'write')
  @ApiOperation({ summary: 'Deactivate a user: sessions and access tokens end at once, their history stays' })
  remove(@Param('id') id: string, @Req() req: Request): Promise<void> {
    return this.users.deactivate(id, req.principal!);
  }
}
