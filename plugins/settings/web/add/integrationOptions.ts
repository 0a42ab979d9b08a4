import type { FluentIcon } from '@fluentui/react-icons';
import {
  Cloud20Regular,
  CloudFlow20Regular,
  DataTreemap20Regular,
  DataTrending20Regular,
  DocumentSearch20Regular,
  DocumentText20Regular,
  Flow20Regular,
  Organization20Regular,
  Rocket20Regular,
} from '@fluentui/react-icons';
import type { Feature } from '@contracts';

/** An "Add via GitOps" tile: a chart installed by Flux or Helm, named as GET /api/integrations/charts/{chart} knows it. */
export interface GitOpsOption {
  kind: 'gitops';
  id: string;
  label: string;
  icon: FluentIcon;
  description: string;
}

/** An "Add Directly" tile: the creation page of a resource the console runs itself. */
export interface DirectOption {
  kind: 'direct';
  id: string;
  label: string;
  icon: FluentIcon;
  description: string;
  /** The existing creation route (`new`) of the owning area. */
  path: string;
  /** Hidden while any of these features is disabled (Log Backends with the logs feature, spec 03 §2). */
  features: readonly Feature[];
}

export type IntegrationOption = GitOpsOption | DirectOption;

/** Spec 03 §2: AWS, Azure, Prometheus, Flux, Kubernetes, Mission Control. */
export const GITOPS_OPTIONS: readonly GitOpsOption[] = [
  { kind: 'gitops', id: 'aws', label: 'AWS', icon: Cloud20Regular, description: 'Scrape AWS resources into the catalogue' },
  { kind: 'gitops', id: 'azure', label: 'Azure', icon: CloudFlow20Regular, description: 'Scrape Azure resources into the catalogue' },
  { kind: 'gitops', id: 'prometheus', label: 'Prometheus', icon: DataTrending20Regular, description: 'Topology and checks from Prometheus' },
  { kind: 'gitops', id: 'flux', label: 'Flux', icon: Flow20Regular, description: 'Flux resources, their topology and playbooks' },
  { kind: 'gitops', id: 'kubernetes', label: 'Kubernetes', icon: Organization20Regular, description: 'Scrape a cluster into the catalogue' },
  { kind: 'gitops', id: 'mission-control', label: 'Mission Control', icon: Rocket20Regular, description: 'Install the console itself' },
];

/** Spec 03 §2: Custom Topology, Catalog Scraper, Log Backends; each opens its area's own creation page. */
export const DIRECT_OPTIONS: readonly DirectOption[] = [
  {
    kind: 'direct',
    id: 'topology',
    label: 'Custom Topology',
    icon: DataTreemap20Regular,
    description: 'Build a topology from lookups and checks',
    path: '/settings/topologies/new',
    features: ['topology', 'settings.topology'],
  },
  {
    kind: 'direct',
    id: 'scraper',
    label: 'Catalog Scraper',
    icon: DocumentSearch20Regular,
    description: 'Scrape configuration into the catalogue',
    path: '/settings/config_scrapers/new',
    features: ['config', 'settings.config_scraper'],
  },
  {
    kind: 'direct',
    id: 'logging_backend',
    label: 'Log Backends',
    icon: DocumentText20Regular,
    description: 'Where component logs are searched',
    path: '/settings/logging_backends/new',
    // Spec 03 §6: the logs feature hides Log Backends.
    features: ['logs', 'settings.logging_backends'],
  },
];
