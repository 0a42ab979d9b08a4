import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';

/**
 * A playbook as the write routes take it: the whole YAML document in `yaml` (also a raw `application/yaml` body), or
 * the spec form's fields with `spec` as YAML text or an object.
 */
export class PlaybookBodyDto {
  @ApiPropertyOptional({ description: 'The whole Playbook document as YAML' }) @IsOptional() @IsString() @MaxLength(1_000_000) yaml?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) namespace?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) icon?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(10_000) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) category?: string;
  @ApiPropertyOptional({ description: 'The spec as YAML text or an object' }) @Allow() spec?: string | Record<string, unknown>;
}

export class ResourceRefDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID() config_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() check_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() component_id?: string;
}

export class PlaybookRunDto extends ResourceRefDto {
  @ApiPropertyOptional({ description: 'The playbook' }) @IsUUID() id!: string;
  @ApiPropertyOptional({ description: 'Values by parameter name' }) @IsOptional() @IsObject() params?: Record<string, unknown>;
}

export class ResourceSearchDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) search?: string;
  @ApiPropertyOptional() @IsOptional() @IsArray() @IsIn(['config', 'check', 'component'], { each: true }) kinds?: ('config' | 'check' | 'component')[];
  @ApiPropertyOptional() @IsOptional() @IsUUID() playbook_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) types?: string[];
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(50) limit?: number;
}
