import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { ConnectionsService, type ConnectionView } from './connections.service';
import { CreateConnectionDto, UpdateConnectionDto } from './dto/connection.dto';

/** Connections (spec 03 §7): CRUD with write-only secrets, and POST /connection/test/{id}. */
@ApiTags('connections')
@RequireFeature('settings.connections')
@Controller('api')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Get('connections')
  @RequirePermission('connections', 'read')
  @ApiOperation({ summary: 'All connections; secrets are never returned (password_set, certificate_set)' })
  list(): Promise<ConnectionView[]> {
    return this.connections.list();
  }

  @Get('connections/:id')
  @RequirePermission('connections', 'read')
  @ApiOperation({ summary: 'One connection' })
  get(@Param('id') id: string): Promise<ConnectionView> {
    return this.connections.get(id);
  }

  @Post('connections')
  @RequirePermission('connections', 'write')
  @ApiOperation({ summary: 'Add a connection (fields required per type)' })
  create(@Body() body: CreateConnectionDto, @Req() req: Request): Promise<ConnectionView> {
    return this.connections.create(body, req.principal!.personId);
  }

  @Patch('connections/:id')
  @RequirePermission('connections', 'write')
  @ApiOperation({ summary: 'Change a connection; a missing or empty secret keeps the stored one, null clears it' })
  update(@Param('id') id: string, @Body() body: UpdateConnectionDto): Promise<ConnectionView> {
    return this.connections.update(id, body);
  }

  @Delete('connections/:id')
  @HttpCode(204)
  @RequirePermission('connections', 'write')
  @ApiOperation({ summary: 'Remove a connection (soft delete)' })
  remove(@Param('id') id: string): Promise<void> {
    return this.connections.remove(id);
  }

  @Post('connection/test/:id')
  @HttpCode(200)
  @RequirePermission('connections', 'write')
  @ApiOperation({ summary: "Test a connection against its peer: {message:'ok'}, 400 with the peer's error, 501 when untestable" })
  test(@Param('id') id: string): Promise<{ message: 'ok' }> {
    return this.connections.test(id);
  }
}
