import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import type { IntegrationChart } from './integration-charts';
import { IntegrationChartsService } from './integration-charts.service';

/** Chart metadata and values schema of the Add Integration dialog's GitOps tiles (spec 03 §7 Chart metadata). */
@ApiTags('integrations')
@RequireFeature('settings.integrations')
@Controller('api/integrations/charts')
export class IntegrationChartsController {
  constructor(private readonly charts: IntegrationChartsService) {}

  @Get(':name')
  @RequirePermission('integrations', 'read')
  @ApiOperation({ summary: "A GitOps integration's chart: name, version, repository and values schema (from helm/<name> when shipped)" })
  get(@Param('name') name: string): Promise<IntegrationChart> {
    return this.charts.get(name);
  }
}
