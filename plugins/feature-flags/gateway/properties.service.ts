import { Inject, Injectable } from '@nestjs/common';
import type { Property, PropertyInput } from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { FeatureService } from '@gateway/core/features/feature.service';
import { badRequest, conflict, notFound } from '@gateway/core/http/domain-error';

export const MISSING_DETAILS = 'please provide all details';
export const LOCAL_READ_ONLY = 'Cannot edit local feature flags';

const COLUMNS = `name, value, description, 'api' as source, created_by, created_at, updated_at,
  (select json_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) from people p where p.id = properties.created_by) as creator`;

/**
 * Feature flags are `properties` rows. Local flags (PROPERTIES env) are listed with source 'local' and cannot
 * be created, changed or removed through the API; a database row with the same name is shadowed by them.
 */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly db: Db,
    private readonly features: FeatureService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private localProperties(): Property[] {
    return Object.entries(this.config.localProperties).map(([name, value]) => ({
      name,
      value,
      description: null,
      source: 'local',
      created_by: null,
      creator: null,
      created_at: null,
      updated_at: null,
    }));
  }

  private assertEditable(name: string): void {
    if (Object.prototype.hasOwnProperty.call(this.config.localProperties, name)) throw badRequest(LOCAL_READ_ONLY, 'local_property');
  }

  async list(filter: { name?: string; value?: string } = {}): Promise<Property[]> {
    const local = this.localProperties();
    const localNames = new Set(local.map((p) => p.name));
    const rows = await this.db.query<Property>(`select ${COLUMNS} from properties order by name`);
    return [...local, ...rows.filter((r) => !localNames.has(r.name))]
      .filter((p) => (filter.name === undefined || p.name === filter.name) && (filter.value === undefined || p.value === filter.value))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async create(input: PropertyInput, createdBy: string): Promise<Property> {
    const name = input.name?.trim();
    const value = input.value?.trim();
    if (!name || !value) throw badRequest(MISSING_DETAILS, 'missing_details');
    this.assertEditable(name);
    const row = await this.db.one<Property>(
      `insert into properties (name, value, description, created_by) values ($1, $2, $3, $4)
       on conflict (name) do nothing returning ${COLUMNS}`,
      [name, value, input.description?.trim() || null, createdBy],
    );
    if (!row) throw conflict(`Feature flag ${name} already exists`, 'exists');
    this.features.invalidate();
    return row;
  }

  async update(name: string | undefined, input: { value?: string; description?: string | null }): Promise<Property> {
    const value = input.value?.trim();
    if (!name || !value) throw badRequest(MISSING_DETAILS, 'missing_details');
    this.assertEditable(name);
    const row = await this.db.one<Property>(
      `update properties set value = $2, description = coalesce($3, description), updated_at = now()
        where name = $1 returning ${COLUMNS}`,
      [name, value, input.description === undefined ? null : (input.description?.trim() ?? '')],
    );
    if (!row) throw notFound(`Feature flag ${name} not found`);
    this.features.invalidate();
    return row;
  }

  async remove(name: string | undefined): Promise<void> {
    if (!name) throw badRequest('Name the feature flag to remove with ?name=', 'missing_name');
    this.assertEditable(name);
    const rows = await this.db.query('delete from properties where name = $1 returning name', [name]);
    if (!rows.length) throw notFound(`Feature flag ${name} not found`);
    this.features.invalidate();
  }
}
