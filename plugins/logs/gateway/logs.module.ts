import { Module } from '@nestjs/common';
import { LogsController } from './logs.controller';
import { LogsResources } from './logs.resources';
import { LogsService } from './logs.service';

/**
 * The logs area (spec 01 /logs, spec 03 Log Backends): a component's log search over its logging backend, the
 * backends on the data API with their specs judged by their type's plugin, and the `LOG_SEARCH` point for other
 * areas. Backend types are plugins (`plugins/logs-<type>`, extension point LOG_BACKENDS).
 */
@Module({ controllers: [LogsController], providers: [LogsService, LogsResources] })
export class LogsModule {}
