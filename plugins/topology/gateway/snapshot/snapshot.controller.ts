import { Controller } from '@nestjs/common';
import { RequireFeature } from '@gateway/core/rbac/decorators';

/** Placeholder: `GET /api/snapshot/topology/{id}` (issue 13); replaced by its implementation. */
@RequireFeature('topology')
@Controller('api/snapshot')
export class SnapshotController {}
