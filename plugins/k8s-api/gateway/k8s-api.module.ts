import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { DataApiModule } from '@gateway/core/data-api';
import { K8sCoreModule } from '@gateway/core/k8s';
import { KINDS } from './kinds';

/** kubectl against the console: serves /api/k8s (core's K8sCoreModule) with five kinds (Notification is plugins/notifications'). */
@Module({ imports: [K8sCoreModule, DataApiModule, ConnectionsCoreModule], providers: [...KINDS] })
export class K8sApiModule {}
