import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { IncidentEvidence } from '@contracts';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { DefinitionOfDoneService } from './definition-of-done.service';
import { DefinitionOfDoneDto, EvidenceDoneDto } from './dto/evidence.dto';

/** Definition-of-done changes on one evidence. */
@ApiTags('incidents')
@RequireFeature('incidents')
@Controller('api/evidences')
export class EvidencesController {
  constructor(private readonly dod: DefinitionOfDoneService) {}

  @Post(':id/definition-of-done')
  @HttpCode(200)
  @RequirePermission('evidences', 'write')
  @ApiOperation({ summary: 'Add to (with an optional CEL script) or remove from the definition of done' })
  setDefinitionOfDone(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: DefinitionOfDoneDto, @Req() req: Request): Promise<IncidentEvidence> {
    return this.dod.setDefinitionOfDone(id, body.definition_of_done, body.script, req.principal!.personId);
  }

  @Post(':id/done')
  @HttpCode(200)
  @RequirePermission('evidences', 'write')
  @ApiOperation({ summary: "'Mark as resolved' / 'Mark as not resolved'" })
  setDone(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: EvidenceDoneDto, @Req() req: Request): Promise<IncidentEvidence> {
    return this.dod.setDone(id, body.done, req.principal!.personId);
  }
}
