import { Module } from '@nestjs/common';
import { K8sController } from './k8s.controller';
import { K8sService } from './k8s.service';

/**
 * The Kubernetes-compatible API (`/api/k8s`, what the downloaded kubeconfig points at). Imported by the plugin that
 * serves it (plugins/k8s-api), which also contributes the kinds the owning plugins do not contribute yet.
 */
@Module({ controllers: [K8sController], providers: [K8sService], exports: [K8sService] })
export class K8sCoreModule {}
