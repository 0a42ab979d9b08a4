import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** Required fields are checked by the service (per type) so the UI gets one readable message. */
export class CreateConnectionDto {
  @ApiProperty({ example: 'jira-cloud' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiPropertyOptional({ default: 'default' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  namespace?: string;

  @ApiProperty({ example: 'jira' })
  @IsOptional()
  @IsString()
  @MaxLength(63)
  type?: string;

  @ApiPropertyOptional({ example: 'https://example.atlassian.net' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  username?: string | null;

  @ApiPropertyOptional({ description: 'Write-only; never returned (see password_set)' })
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  password?: string | null;

  @ApiPropertyOptional({ description: 'Write-only; never returned (see certificate_set)' })
  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  certificate?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  insecure_tls?: boolean;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsObject()
  properties?: Record<string, unknown>;
}

/**
 * Every field optional. A missing or empty password/certificate keeps the stored one; `null` clears it.
 */
export class UpdateConnectionDto extends CreateConnectionDto {}
