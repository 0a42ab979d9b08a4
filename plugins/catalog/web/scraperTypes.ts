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
import { PLACEHOLDER_SCRAPER_TYPES } from '../placeholder-scraper-types';

const ICONS: Record<string, TypeExtension['icon']> = {
  kubernetes: Cube20Regular,
  azure: Cloud20Regular,
  kubernetesFile: DocumentBulletList20Regular,
  sql: Database20Regular,
  trivy: Shield20Regular,
  aws: CloudDatabase20Regular,
  file: Document20Regular,
  githubActions: Branch20Regular,
  http: Globe20Regular,
  azureDevops: Code20Regular,
};

/**
 * The scraper types of the spec 03 picker in its order (`../placeholder-scraper-types.ts`, shared with the gateway),
 * each the fallback for its id: a type a plugin implements replaces its entry; the others save, and a run finishes
 * with 'scraper type not supported'.
 */
export const PLACEHOLDER_SCRAPER_TYPE_EXTENSIONS: TypeExtension[] = PLACEHOLDER_SCRAPER_TYPES.map(({ id, label }, i) => ({
  id,
  label,
  icon: ICONS[id],
  order: (i + 1) * 10,
}));
