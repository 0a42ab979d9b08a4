import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** A canary as a YAML Canary document, or as {name, namespace, labels, spec}. */
export class CanaryBodyDto {
  @ApiPropertyOptional({ description: 'A Canary YAML document (apiVersion canaries.flanksource.com/v1)' })
  @IsOptional()
  @IsString()
  @MaxLength(1_000_000)
  yaml?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) namespace?: string;
  @ApiPropertyOptional() @IsOptional() @IsObject() labels?: Record<string, string>;
  @ApiPropertyOptional() @IsOptional() @IsObject() spec?: Record<string, unknown>;
}
