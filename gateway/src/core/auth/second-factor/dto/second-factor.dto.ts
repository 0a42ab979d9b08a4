import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { SecondFactorMethod } from '@contracts';

const METHODS: SecondFactorMethod[] = ['totp', 'recovery_code', 'webauthn'];
export const CREDENTIAL_NAME_MAX = 100;

export class TotpCodeDto {
  @ApiProperty({ example: '123456', description: 'The six-digit code the authenticator app shows now' })
  @IsString({ message: 'Enter the code from your authenticator app' })
  @MinLength(1, { message: 'Enter the code from your authenticator app' })
  @MaxLength(32)
  code: string;
}

export class SecondFactorLoginDto {
  @ApiProperty({ enum: METHODS })
  @IsIn(METHODS, { message: `method must be one of ${METHODS.join(', ')}` })
  method: SecondFactorMethod;

  @ApiProperty({ required: false, description: 'The authenticator code or a recovery code (totp, recovery_code)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  code?: string;

  @ApiProperty({ required: false, description: "The browser's WebAuthn assertion (webauthn): `startAuthentication`'s answer" })
  @IsOptional()
  @IsObject()
  response?: Record<string, unknown>;
}

export class WebAuthnRegisterDto {
  @ApiProperty({ required: false, example: 'YubiKey', description: "A name to tell the key apart; 'Security key' when empty" })
  @IsOptional()
  @IsString()
  @MaxLength(CREDENTIAL_NAME_MAX, { message: `The name may have at most ${CREDENTIAL_NAME_MAX} characters` })
  name?: string;

  @ApiProperty({ description: "The browser's WebAuthn attestation: `startRegistration`'s answer" })
  @IsObject({ message: 'The security key gave no answer' })
  response: Record<string, unknown>;
}

export class WebAuthnRenameDto {
  @ApiProperty({ example: 'Laptop fingerprint' })
  @IsString()
  @MinLength(1, { message: 'Please provide a name' })
  @MaxLength(CREDENTIAL_NAME_MAX, { message: `The name may have at most ${CREDENTIAL_NAME_MAX} characters` })
  name: string;
}
