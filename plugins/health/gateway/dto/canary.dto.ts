import { DocumentBodyDto } from '@gateway/core/documents';

/** A canary as a YAML Canary document (apiVersion canaries.flanksource.com/v1), or as {name, namespace, labels, spec}. */
export class CanaryBodyDto extends DocumentBodyDto {}
