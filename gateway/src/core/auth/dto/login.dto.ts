import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { LoginRequest } from '@contracts';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'admin@local' })
  @IsEmail({ require_tld: false }, { message: 'Please provide valid email' })
  @MaxLength(320)
  email: string;

  @ApiProperty({ format: 'password' })
  @IsString()
  @MinLength(1, { message: 'Please provide your password' })
  @MaxLength(1024)
  password: string;

  @ApiProperty({ required: false, description: "Re-authenticate the signed-in user ('Confirm Action')" })
  @IsOptional()
  @IsBoolean()
  refresh?: boolean;
}
