import { Module } from '@nestjs/common';
import { IntegrationChartsController } from './integration-charts.controller';
import { IntegrationChartsService } from './integration-charts.service';
import { SettingsResources } from './settings.resources';

/**
 * The Settings area: its tables and views on the data API (connections, integrations, job history, the event queue
 * summary) and the charts of the Add Integration dialog (docs/integrations.md).
 */
@Module({ controllers: [IntegrationChartsController], providers: [SettingsResources, IntegrationChartsService] })
export class SettingsModule {}
