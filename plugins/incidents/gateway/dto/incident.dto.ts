import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import {
  HYPOTHESIS_STATUSES,
  HYPOTHESIS_TYPES,
  INCIDENT_MESSAGES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  SEVERITIES,
  type CreateHypothesisRequest,
  type CreateIncidentRequest,
  type CreateResponderRequest,
  type IncidentStatusRequest,
  type LinkToIncidentRequest,
} from '@contracts';
import { EvidenceInputDto } from './evidence.dto';

const list = (values: readonly string[]) => values as unknown as string[];

export class CreateIncidentDto implements CreateIncidentRequest {
  @ApiProperty()
  @IsString({ message: INCIDENT_MESSAGES.required })
  @IsNotEmpty({ message: INCIDENT_MESSAGES.required })
  @MaxLength(1000)
  title: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100_000) description?: string | null;

  @ApiPropertyOptional({ enum: SEVERITIES, default: 'low' })
  @IsOptional()
  @IsIn(list(SEVERITIES), { message: INCIDENT_MESSAGES.selectSeverity })
  severity?: string;

  @ApiPropertyOptional({ enum: INCIDENT_TYPES, default: 'availability' })
  @IsOptional()
  @IsIn(list(INCIDENT_TYPES), { message: INCIDENT_MESSAGES.selectType })
  type?: string;

  @ApiPropertyOptional({ enum: INCIDENT_STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(list(INCIDENT_STATUSES), { message: `status must be one of ${INCIDENT_STATUSES.join(', ')}` })
  status?: string;

  @ApiPropertyOptional() @IsOptional() @IsUUID() commander_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() communicator_id?: string | null;

  @ApiPropertyOptional({ type: EvidenceInputDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => EvidenceInputDto)
  evidence?: EvidenceInputDto;
}

export class IncidentStatusDto implements IncidentStatusRequest {
  @ApiProperty({ enum: INCIDENT_STATUSES })
  @IsIn(list(INCIDENT_STATUSES), { message: `status must be one of ${INCIDENT_STATUSES.join(', ')}` })
  status: string;

  @ApiPropertyOptional({ type: [String], description: "'Add contributing factors to definition of done' Submit: evidences to mark first, same transaction" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  definition_of_done?: string[];
}

export class CreateHypothesisDto implements CreateHypothesisRequest {
  @ApiPropertyOptional({ description: 'The parent hypothesis; omitted = the incident root' })
  @IsOptional()
  @IsUUID()
  parent_id?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) title?: string | null;

  @ApiPropertyOptional({ enum: HYPOTHESIS_TYPES, description: 'Default: one level below the parent' })
  @IsOptional()
  @IsIn(list(HYPOTHESIS_TYPES))
  type?: 'root' | 'factor' | 'solution';

  @ApiPropertyOptional({ enum: HYPOTHESIS_STATUSES, default: 'possible' })
  @IsOptional()
  @IsIn(list(HYPOTHESIS_STATUSES))
  status?: string;
}

export class NewIncidentDto {
  @ApiProperty()
  @IsString({ message: INCIDENT_MESSAGES.required })
  @IsNotEmpty({ message: INCIDENT_MESSAGES.required })
  @MaxLength(1000)
  title: string;

  @ApiPropertyOptional({ enum: INCIDENT_TYPES, default: 'availability' })
  @IsOptional()
  @IsIn(list(INCIDENT_TYPES), { message: INCIDENT_MESSAGES.selectType })
  type?: string;

  @ApiPropertyOptional({ enum: SEVERITIES, default: 'low' })
  @IsOptional()
  @IsIn(list(SEVERITIES), { message: INCIDENT_MESSAGES.selectSeverity })
  severity?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100_000) description?: string | null;
}

export class LinkToIncidentDto implements LinkToIncidentRequest {
  @ApiPropertyOptional() @IsOptional() @IsUUID() incident_id?: string | null;

  @ApiPropertyOptional({ type: NewIncidentDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => NewIncidentDto)
  new_incident?: NewIncidentDto | null;

  @ApiPropertyOptional() @IsOptional() @IsUUID() hypothesis_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) new_hypothesis_title?: string | null;

  @ApiProperty({ type: EvidenceInputDto })
  @ValidateNested()
  @Type(() => EvidenceInputDto)
  evidence: EvidenceInputDto;
}

export class CreateResponderDto implements CreateResponderRequest {
  @ApiPropertyOptional() @IsOptional() @IsUUID() team_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() person_id?: string | null;

  @ApiPropertyOptional({ enum: ['person', 'system'], description: "Default: 'person' with person_id, else 'system'" })
  @IsOptional()
  @IsIn(['person', 'system'])
  type?: 'person' | 'system';

  @ApiPropertyOptional({ description: '{responderType, ...form values}' })
  @IsOptional()
  @ValidateIf((_, v) => v !== undefined)
  @IsObject()
  properties?: Record<string, unknown>;
}
