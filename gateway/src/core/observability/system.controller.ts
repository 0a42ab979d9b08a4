import { Controller, Get, Header, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { About } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Db } from '../database/db.service';
import { Public } from '../rbac/decorators';
import { backendVersion } from './version';
import { metricsRegistry } from './metrics';

@ApiTags('system')
@Controller()
export class SystemController {
  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Public()
  @Get('readyz')
  @ApiOperation({ summary: 'Readiness: Postgres answers within 2 s' })
  async readyz(@Res({ passthrough: true }) res: Response): Promise<{ status: string; database: boolean }> {
    const ok = await Promise.race([
      this.db.query('select 1').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref()),
    ]);
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', database: ok };
  }

  @Public()
  @Get('metrics')
  @ApiExcludeEndpoint()
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }

  @Public()
  @Get('api/about')
  @HttpCode(200)
  @ApiOperation({ summary: 'Backend name and version' })
  about(): About {
    return {
      name: 'ops-console',
      version: backendVersion(),
      database: this.config.databaseUrl ? 'external' : 'embedded',
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
