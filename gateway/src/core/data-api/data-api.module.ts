import { Module } from '@nestjs/common';
import { DataApiController } from './data-api.controller';
import { DataApiService } from './data-api.service';
import { DataApiRegistry } from './resource-registry';

/**
 * The data API. Needs, from global modules of the app: `Db` (gateway/core/database) and a `FeatureGate`
 * under `FEATURE_GATE`. Collects the DATA_API_RESOURCES contributions (from the global PluginHost) at bootstrap; `DataApiRegistry.refresh()`
 * re-reads the database catalog.
 */
@Module({
  providers: [DataApiRegistry, DataApiService],
  controllers: [DataApiController],
  exports: [DataApiRegistry, DataApiService],
})
export class DataApiModule {}
