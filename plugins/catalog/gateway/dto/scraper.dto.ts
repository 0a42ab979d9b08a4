import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** A scraper as a YAML ScrapeConfig document, or as {name, namespace, labels, spec}. */
export class ScraperBodyDto {
  @ApiPropertyOptional({ description: 'A ScrapeConfig YAML document (apiVersion configs.flanksource.com/v1)' })
  @IsOptional()
  @IsString()
  @MaxLength(1_000_000)
  yaml?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) namespace?: string;
  @ApiPropertyOptional() @IsOptional() @IsObject() labels?: Record<string, string>;
  @ApiPropertyOptional() @IsOptional() @IsObject() spec?: Record<string, unknown>;
}
