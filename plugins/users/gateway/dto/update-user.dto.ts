import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ROLES } from '@contracts';

/** `PATCH /api/users/{id}`. The service checks each value, so the answer carries the spec's own sentence (spec 03 §5). */
export class UpdateUserDto {
  @ApiPropertyOptional({ example: 'Dana', description: 'Sent with lastName: the stored name is "first last"' })
  @Allow()
  firstName?: unknown;

  @ApiPropertyOptional({ example: 'Ruiz' })
  @Allow()
  lastName?: unknown;

  @ApiPropertyOptional({ enum: ROLES, isArray: true, description: 'Replaces the roles; admin, editor and viewer are offered in the UI' })
  @Allow()
  roles?: unknown;
}
