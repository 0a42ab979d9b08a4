import { Injectable } from '@nestjs/common';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { LogsService } from './logs.service';

const feature = 'settings.logging_backends' as const;

/**
 * Logging backends (spec 03 Log Backends) on the data API. A write's specs are judged by their type's plugin in the
 * same transaction: a 400 naming each problem rolls it back, so nothing is saved.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'logs')
export class LogsResources implements DataApiResourceProvider {
  constructor(private readonly logs: LogsService) {}

  resources(): DataApiResourceRegistration[] {
    return [
      {
        name: 'logging_backends',
        kind: 'table',
        read: 'logging_backends',
        write: 'logging_backends',
        feature,
        softDelete: true,
        // The hook finds the written rows by `updated_at = now()`, so the timestamps are not writable here.
        writableColumns: ['id', 'name', 'namespace', 'labels', 'spec', 'source', 'agent_id', 'created_by', 'deleted_at'],
        afterWrite: (tx) => this.logs.validateWrittenRows(tx),
      },
      { name: 'logging_backends_with_status', kind: 'view', read: 'logging_backends', feature },
    ];
  }
}
