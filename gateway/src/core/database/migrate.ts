import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../database/migrations';

/** Applies every pending migration in order (TypeORM, `synchronize: false`). Returns the names applied. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
  });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}
