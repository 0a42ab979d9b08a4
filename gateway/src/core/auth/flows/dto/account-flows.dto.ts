import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ROLES } from '@contracts';

/*
 * Bodies of the account flows. The services check each value so a refusal carries the spec's own sentence (spec 03
 * §5); these classes document the shapes and let the fields through the global whitelist.
 */

export class InviteUserDto {
  @ApiProperty({ example: 'Dana' })
  @Allow()
  firstName?: unknown;

  @ApiProperty({ example: 'Ruiz' })
  @Allow()
  lastName?: unknown;

  @ApiProperty({ example: 'dana@example.com' })
  @Allow()
  email?: unknown;

  @ApiProperty({ enum: ROLES, description: 'A role granting nothing the inviter lacks' })
  @Allow()
  role?: unknown;
}

export class RegisterDto {
  @ApiPropertyOptional({ description: 'The invitation link token; without it, open registration (off unless REGISTRATION_OPEN)' })
  @Allow()
  token?: unknown;

  @ApiPropertyOptional({ description: 'Open registration only' })
  @Allow()
  email?: unknown;

  @ApiPropertyOptional({ description: 'Open registration only' })
  @Allow()
  firstName?: unknown;

  @ApiPropertyOptional({ description: 'Open registration only' })
  @Allow()
  lastName?: unknown;

  @ApiProperty({ format: 'password', minLength: 8 })
  @Allow()
  password?: unknown;
}

export class EmailDto {
  @ApiPropertyOptional({ example: 'dana@example.com', description: 'Required unless signed in (then your own address is used)' })
  @Allow()
  email?: unknown;
}

export class TokenDto {
  @ApiProperty({ description: 'The token of the emailed link' })
  @Allow()
  token?: unknown;
}

export class CompleteRecoveryDto extends TokenDto {
  @ApiProperty({ format: 'password', minLength: 8 })
  @Allow()
  password?: unknown;
}

export class ChangePasswordDto {
  @ApiPropertyOptional({ format: 'password', description: 'Checked when sent; the route needs a recent sign-in either way' })
  @Allow()
  currentPassword?: unknown;

  @ApiProperty({ format: 'password', minLength: 8 })
  @Allow()
  newPassword?: unknown;
}
