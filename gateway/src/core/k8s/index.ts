/** Public surface of the Kubernetes-compatible API: the extension point, its contract and the module serving it. */
export { K8sCoreModule } from './k8s-core.module';
export {
  K8S_RESOURCES,
  type K8sMetadata,
  type K8sObject,
  type K8sPrinterColumn,
  type K8sQuery,
  type K8sResourceKind,
  type K8sStoredObject,
  type K8sWrite,
} from './k8s-kinds';
export { K8sError, toK8sError, type K8sReason, type K8sStatus } from './k8s-status';
export { K8sService, listVersion } from './k8s.service';
export { mergePatch, parseFieldSelector, parseLabelSelector } from './k8s-selectors';
export { k8sVersionColumns, keepRowMeta } from './k8s-rows';
