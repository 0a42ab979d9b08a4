import { Injectable } from '@nestjs/common';
import { DataApiService } from '@gateway/core/data-api';
import { Db } from '@gateway/core/database/db.service';
import { K8S_RESOURCES, type K8sStoredObject } from '@gateway/core/k8s';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { TableKind, type KindRow } from './table-kind';

const CANARIES = 'canaries.flanksource.com';
const CONFIGS = 'configs.flanksource.com';
const MISSION_CONTROL = 'mission-control.flanksource.com';

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** canaries.flanksource.com/v1 Canary: the canary's spec, validated by health's hook (the editor's rules). */
@Injectable()
@Extension(K8S_RESOURCES, `canaries.${CANARIES}`)
export class CanaryKind extends TableKind {
  readonly group = CANARIES;
  readonly kind = 'Canary';
  readonly plural = 'canaries';
  readonly singular = 'canary';
  readonly shortNames = ['canary'];
  readonly read = 'canaries' as const;
  readonly write = 'canaries' as const;
  readonly feature = 'health' as const;
  readonly table = 'canaries';
  protected readonly hasLabels = true;
  protected readonly columns = `t.labels, t.spec, t.schedule,
    (SELECT count(*)::int FROM checks k WHERE k.canary_id = t.id AND k.deleted_at IS NULL) AS checks,
    (SELECT count(*)::int FROM checks k WHERE k.canary_id = t.id AND k.deleted_at IS NULL AND k.status = 'unhealthy') AS unhealthy,
    (SELECT count(*)::int FROM checks k WHERE k.canary_id = t.id AND k.deleted_at IS NULL AND k.status = 'healthy') AS healthy`;

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [
    { name: 'Checks', type: 'integer' as const, description: 'Checks of the canary', value: (o: K8sStoredObject) => Number(o.status?.checks ?? 0) },
    { name: 'Status', type: 'string' as const, description: 'Healthy when every check passed', value: (o: K8sStoredObject) => text(o.status?.status) },
  ];

  protected override status(row: KindRow) {
    const checks = Number(row.checks);
    const status = Number(row.unhealthy) > 0 ? 'Unhealthy' : checks > 0 && Number(row.healthy) === checks ? 'Healthy' : 'Pending';
    return { checks, status, healthy: Number(row.healthy), unhealthy: Number(row.unhealthy) };
  }
}

/** canaries.flanksource.com/v1 Topology: validated by topology's hook. */
@Injectable()
@Extension(K8S_RESOURCES, `topologies.${CANARIES}`)
export class TopologyKind extends TableKind {
  readonly group = CANARIES;
  readonly kind = 'Topology';
  readonly plural = 'topologies';
  readonly singular = 'topology';
  readonly shortNames = ['topology'];
  readonly read = 'topologies' as const;
  readonly write = 'topologies' as const;
  readonly feature = 'settings.topology' as const;
  readonly table = 'topologies';
  protected readonly hasLabels = true;
  protected readonly columns = 't.labels, t.spec, t.schedule';

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [{ name: 'Schedule', type: 'string' as const, description: 'When it runs', value: (o: K8sStoredObject) => text(o.spec.schedule) }];
}

/** configs.flanksource.com/v1 ScrapeConfig: validated by the catalog's hook. */
@Injectable()
@Extension(K8S_RESOURCES, `scrapeconfigs.${CONFIGS}`)
export class ScrapeConfigKind extends TableKind {
  readonly group = CONFIGS;
  readonly kind = 'ScrapeConfig';
  readonly plural = 'scrapeconfigs';
  readonly singular = 'scrapeconfig';
  readonly shortNames = ['scrapeconfig', 'sc'];
  readonly read = 'config_scrapers' as const;
  readonly write = 'config_scrapers' as const;
  readonly feature = 'settings.config_scraper' as const;
  readonly table = 'config_scrapers';
  protected readonly hasLabels = true;
  protected readonly columns = 't.labels, t.spec, t.schedule';

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [{ name: 'Schedule', type: 'string' as const, description: 'When it runs', value: (o: K8sStoredObject) => text(o.spec.schedule) }];
}

/** mission-control.flanksource.com/v1 Playbook: validated by the playbooks' hook (actions, approvers, exec rule). */
@Injectable()
@Extension(K8S_RESOURCES, `playbooks.${MISSION_CONTROL}`)
export class PlaybookKind extends TableKind {
  readonly group = MISSION_CONTROL;
  readonly kind = 'Playbook';
  readonly plural = 'playbooks';
  readonly singular = 'playbook';
  readonly shortNames = ['playbook'];
  readonly read = 'playbooks' as const;
  readonly write = 'playbooks' as const;
  readonly feature = 'playbooks' as const;
  readonly table = 'playbooks';
  protected readonly hasLabels = false;
  protected readonly columns = 't.spec, t.title, t.category';

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [
    { name: 'Title', type: 'string' as const, description: 'The title', value: (o: K8sStoredObject) => text(o.spec.title) },
    { name: 'Category', type: 'string' as const, description: 'The category', value: (o: K8sStoredObject) => text(o.spec.category) },
  ];
}

export const KINDS = [CanaryKind, TopologyKind, ScrapeConfigKind, PlaybookKind];
