import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import { SnapshotService } from './snapshot.service';

const uuid = new ParseUUIDPipe();

/** The snapshot download of spec 02's card menu (Snapshot dialog: time range, related components). */
@ApiTags('topology')
@RequireFeature('topology')
@Controller('api/snapshot')
export class SnapshotController {
  constructor(private readonly snapshots: SnapshotService) {}

  @Get('topology/:id')
  @RequirePermission('topologies', 'read')
  @ApiQuery({ name: 'related', required: false, description: 'true: also components linked by selector, and their checks' })
  @ApiQuery({ name: 'start', required: false, description: 'now-15m (m, h, d, w, mo, y) or an ISO time; default now-15m' })
  @ApiOperation({ summary: "A zip of a component's subtree, checks and results, configs and changes, incidents and logs since start (streamed)" })
  async download(@Param('id', uuid) id: string, @Query('related') related: unknown, @Query('start') start: unknown, @Res() res: Response): Promise<void> {
    // Everything that can be a 4xx is decided before the first byte: afterwards only the archive can say it failed.
    const plan = await this.snapshots.prepare(id, { related, start });
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${plan.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    try {
      await this.snapshots.write(plan, res);
    } catch (error) {
      // Failed before the first byte: the usual JSON error, not an attachment.
      res.removeHeader('Content-Disposition');
      res.removeHeader('Content-Type');
      throw error;
    }
  }
}
