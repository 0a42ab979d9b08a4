import { Module } from '@nestjs/common';
import { DataApiModule } from '@gateway/core/data-api';
import { K8sCoreModule } from '@gateway/core/k8s';
import { KINDS } from './kinds';

/** kubectl against the console: serves /api/k8s (core's K8sCoreModule) with four kinds (Notification is plugins/notifications', Connection plugins/connections'). */
@Module({ imports: [K8sCoreModule, DataApiModule], providers: [...KINDS] })
export class K8sApiModule {}
