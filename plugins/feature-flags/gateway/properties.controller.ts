import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Property } from '@contracts';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { CreatePropertyDto, PropertyQueryDto, UpdatePropertyDto } from './dto/property.dto';
import { PropertiesService } from './properties.service';

/** Feature flags CRUD (spec 01 §7, spec 03 §7): GET /properties; POST; PATCH ?name=; DELETE ?name=. */
@ApiTags('feature-flags')
@RequireFeature('settings.feature_flags')
@Controller('api/properties')
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @RequirePermission('properties', 'read')
  @ApiOperation({ summary: 'All feature flags: local (read-only) and stored ones; optional exact name/value lookup' })
  list(@Query() query: PropertyQueryDto): Promise<Property[]> {
    return this.properties.list(query);
  }

  @Post()
  @RequirePermission('properties', 'write')
  @ApiOperation({ summary: 'Add a feature flag' })
  create(@Body() body: CreatePropertyDto, @Req() req: Request): Promise<Property> {
    return this.properties.create(body, req.principal!.personId);
  }

  @Patch()
  @RequirePermission('properties', 'write')
  @ApiQuery({ name: 'name', required: true })
  @ApiOperation({ summary: 'Change the value (and description) of a feature flag' })
  update(@Query('name') name: string, @Body() body: UpdatePropertyDto): Promise<Property> {
    return this.properties.update(name, body);
  }

  @Delete()
  @HttpCode(204)
  @RequirePermission('properties', 'write')
  @ApiQuery({ name: 'name', required: true })
  @ApiOperation({ summary: 'Remove a feature flag' })
  remove(@Query('name') name: string): Promise<void> {
    return this.properties.remove(name);
  }
}
