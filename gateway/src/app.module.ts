import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { CoreModule, type CoreOptions } from './core/core.module';
import { DataApiModule } from './core/data-api';
import { GATEWAY_PLUGINS } from './plugins';

/** The whole gateway: core plus every plugin of gateway/src/plugins.ts. */
@Module({})
export class AppModule {
  static forRoot(options: CoreOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: options.config.logLevel,
            autoLogging: { ignore: (req) => /^\/(healthz|readyz|metrics)/.test(req.url ?? '') },
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
        }),
        CoreModule.forRoot(options),
        DataApiModule,
        ...GATEWAY_PLUGINS.map((p) => p.module),
      ],
    };
  }
}
