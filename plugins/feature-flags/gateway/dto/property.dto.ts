import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { PropertyInput } from '@contracts';

/** Emptiness is checked by the service so the UI gets the spec's one message: 'please provide all details'. */
export class CreatePropertyDto implements PropertyInput {
  @ApiProperty({ example: 'incidents.disable' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name: string;

  @ApiProperty({ example: 'true' })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  value: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;
}

/** PATCH ?name= changes the value and description; the name is the key. */
export class UpdatePropertyDto extends OmitType(CreatePropertyDto, ['name'] as const) {}

export class PropertyQueryDto {
  @ApiPropertyOptional({ description: 'Exact name' })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional({ description: 'Exact value' })
  @IsOptional()
  @IsString()
  value?: string;
}
