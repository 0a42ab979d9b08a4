import {
  Cloud20Regular,
  CloudDatabase20Regular,
  Code20Regular,
  Document20Regular,
  DocumentBulletList20Regular,
  Globe20Regular,
  Shield20Regular,
  Cube20Regular,
  Database20Regular,
  Branch20Regular,
} from '@fluentui/react-icons';
import type { TypeExtension } from '@web/core/plugin-host';

/**
 * The scraper types of the spec 03 picker, in its order (Kubernetes, Azure, Kubernetes File, SQL, Trivy, AWS, File,
 * Github Actions, HTTP, Azure DevOps; Custom is the Code tab). Each is the fallback for its id: a type a plugin
 * implements replaces its entry; the others save, and a run finishes with 'scraper type not supported'.
 */
export const PLACEHOLDER_SCRAPER_TYPES: TypeExtension[] = [
  { id: 'kubernetes', label: 'Kubernetes', icon: Cube20Regular, order: 10 },
  { id: 'azure', label: 'Azure', icon: Cloud20Regular, order: 20 },
  { id: 'kubernetesFile', label: 'Kubernetes File', icon: DocumentBulletList20Regular, order: 30 },
  { id: 'sql', label: 'SQL', icon: Database20Regular, order: 40 },
  { id: 'trivy', label: 'Trivy', icon: Shield20Regular, order: 50 },
  { id: 'aws', label: 'AWS', icon: CloudDatabase20Regular, order: 60 },
  { id: 'file', label: 'File', icon: Document20Regular, order: 70 },
  { id: 'githubActions', label: 'Github Actions', icon: Branch20Regular, order: 80 },
  { id: 'http', label: 'HTTP', icon: Globe20Regular, order: 90 },
  { id: 'azureDevops', label: 'Azure DevOps', icon: Code20Regular, order: 100 },
];
