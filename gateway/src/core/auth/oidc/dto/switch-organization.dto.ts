import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

export class SwitchOrganizationDto {
  @ApiProperty({ example: 'acme', description: "The organisation's slug" })
  @IsString({ message: 'Please provide an organization slug' })
  @MaxLength(100, { message: 'Please provide an organization slug' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { message: 'Please provide an organization slug' })
  slug: string;
}
