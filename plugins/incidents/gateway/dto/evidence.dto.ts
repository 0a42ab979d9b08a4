import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { EVIDENCE_TYPES, type EvidenceInput } from '@contracts';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

/** An evidence to attach (create-incident and link-to-incident). The create flow's 'Topology' is accepted. */
export class EvidenceInputDto implements EvidenceInput {
  @ApiProperty({ enum: EVIDENCE_TYPES })
  @Transform(lower)
  @IsIn(EVIDENCE_TYPES as unknown as string[], { message: `evidence type must be one of ${EVIDENCE_TYPES.join(', ')}` })
  type: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(10_000) description?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() config_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() component_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() check_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() config_change_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsUUID() config_analysis_id?: string | null;

  @ApiPropertyOptional({ description: '{lines, selected_lines} for logs, {start, includeMessages} for checks, {comment} for comments' })
  @IsOptional()
  @IsObject()
  evidence?: Record<string, unknown> | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean() definition_of_done?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(10_000) script?: string | null;
}

export class DefinitionOfDoneDto {
  @ApiProperty() @IsBoolean() definition_of_done: boolean;

  @ApiPropertyOptional({ description: 'CEL expression over the linked item; null/empty = manual item' })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  script?: string | null;
}

export class EvidenceDoneDto {
  @ApiProperty() @IsBoolean() done: boolean;
}
