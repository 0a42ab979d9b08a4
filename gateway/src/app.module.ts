import { DynamicModule, Module } from '@nestjs/common';
import { IdentityCleanup } from './core/auth/identity-cleanup';
import { CoreModule, type CoreOptions } from './core/core.module';
import { DataApiModule } from './core/data-api';
import { JobsModule } from './core/jobs';
import { GATEWAY_PLUGINS } from './plugins.generated';

/** The whole gateway: core plus every plugin found under plugins/ (gateway/src/plugins.generated.ts). */
@Module({})
export class AppModule {
  static forRoot(options: CoreOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(options), DataApiModule, JobsModule, ...GATEWAY_PLUGINS.map((p) => p.module)],
      // Needs JobsService, which lives beside core rather than in it.
      providers: [IdentityCleanup],
    };
  }
}
