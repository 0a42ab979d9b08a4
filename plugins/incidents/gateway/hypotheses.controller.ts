import { Controller, Delete, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { badRequest } from '@gateway/core/http/domain-error';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { IncidentsService } from './incidents.service';

/** Hypothesis deletes: descendants, comments and evidences go in the same transaction. */
@ApiTags('incidents')
@RequireFeature('incidents')
@Controller('api/hypotheses')
export class HypothesesController {
  constructor(private readonly incidents: IncidentsService) {}

  @Delete(':id')
  @RequirePermission('incident', 'write')
  @ApiOperation({ summary: 'Delete a hypothesis, its descendants and their comments and evidences' })
  remove(@Param('id', new ParseUUIDPipe()) id: string): Promise<{ deleted: string[] }> {
    return this.incidents.deleteHypotheses([id]);
  }

  @Delete()
  @RequirePermission('incident', 'write')
  @ApiQuery({ name: 'ids', description: 'Comma-separated hypothesis ids' })
  @ApiOperation({ summary: 'Bulk delete hypotheses (same cascade)' })
  removeMany(@Query('ids') ids: string | undefined): Promise<{ deleted: string[] }> {
    const list = (ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length === 0 || !list.every((id) => isUUID(id))) throw badRequest('ids must be a comma-separated list of hypothesis ids');
    return this.incidents.deleteHypotheses([...new Set(list)]);
  }
}
