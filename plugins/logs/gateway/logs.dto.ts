import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { LOG_RESULTS_MAX, type LogSearchRequest } from '@contracts';

/** `POST /api/logs` (contracts' LogSearchRequest). */
export class LogSearchDto implements LogSearchRequest {
  @ApiPropertyOptional({ description: 'The component' }) @IsUUID() id!: string;
  @ApiPropertyOptional({ description: "The component's log selector (logs[].name); the first when absent" })
  @IsOptional()
  @IsString()
  @MaxLength(253)
  name?: string;
  @ApiPropertyOptional({ description: 'Free text, matched as a case-insensitive substring' }) @IsOptional() @IsString() @MaxLength(1000) query?: string;
  @ApiPropertyOptional({ description: 'now-15m, now-1h, now-2d... or an ISO time; default now-1h' }) @IsOptional() @IsString() @MaxLength(64) start?: string;
  @ApiPropertyOptional({ description: 'An ISO time (or now-…); default now' }) @IsOptional() @IsString() @MaxLength(64) end?: string;
  @ApiPropertyOptional({ description: `Lines wanted, 1 to ${LOG_RESULTS_MAX}` })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LOG_RESULTS_MAX)
  limit?: number;
}

/** `POST /api/logs/backends/validate`. */
export class ValidateBackendDto {
  @ApiPropertyOptional({ description: 'The logging backend spec: one key, the type, e.g. {file: {path: ...}}' }) @Allow() spec?: unknown;
}
