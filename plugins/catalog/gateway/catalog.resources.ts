import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ScrapersService } from './scrapers.service';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration, type DataApiRpcRegistration } from '@gateway/core/data-api';

const feature = 'config' as const;
const view = (name: string): DataApiResourceRegistration => ({ name, kind: 'view', read: 'database', feature });

/** Catalogue tables and read models of spec 02 §7 on the data API. Items are written by scrapers (the ingest); scrapers written here are validated like the editor's. */
@Injectable()
@Extension(DATA_API_RESOURCES, 'catalog')
export class CatalogResources implements DataApiResourceProvider {
  constructor(private readonly scrapers: ScrapersService) {}

  resources(): DataApiResourceRegistration[] {
    return [
      // Items stay writable by whoever may write `database` (admin, editor: spec 03 §6). Changes, insights and scraped
      // relationships are the scrapers' record of what happened: read-only here (405), so nobody forges a change or
      // wipes the history with one DELETE (the data API's deletes are hard). No call of spec 02 writes them.
      { name: 'config_items', kind: 'table', read: 'database', write: 'database', feature, softDelete: true },
      { name: 'config_changes', kind: 'table', read: 'database', write: null, feature },
      { name: 'config_analysis', kind: 'table', read: 'database', write: null, feature },
      { name: 'config_relationships', kind: 'table', read: 'database', write: null, feature },
      // Linking a config to a topology component is a topology edit.
      { name: 'config_component_relationships', kind: 'table', read: 'database', write: 'topologies', feature },
      {
        name: 'config_scrapers',
        kind: 'table',
        read: 'config_scrapers',
        write: 'config_scrapers',
        feature: 'settings.config_scraper',
        softDelete: true,
        // `POST /api/db/config_scrapers {name, namespace, spec}` is validated like the editor (nothing saved on error).
        // The hook finds the written rows by `updated_at = now()`, so timestamps and run state are not writable here.
        writableColumns: ['id', 'name', 'namespace', 'description', 'labels', 'spec', 'icon', 'source', 'agent_id', 'created_by', 'deleted_at'],
        afterWrite: (tx) => this.scrapers.syncWrittenRows(tx),
      },
      { name: 'config_scrapers_with_status', kind: 'view', read: 'config_scrapers', feature: 'settings.config_scraper' },
      ...[
        'configs',
        'config_detail',
        'config_names',
        'config_types',
        'config_tags',
        'config_labels',
        'config_statuses',
        'config_analysis_items',
        'config_analysis_analyzers',
        'change_types',
        'analysis_by_component',
        'changes_by_component',
      ].map(view),
    ];
  }

  rpcs(): DataApiRpcRegistration[] {
    return [
      { name: 'related_configs_recursive', read: 'database', feature },
      { name: 'lookup_analysis_by_component', read: 'database', feature },
    ];
  }
}
