import { DataSource } from 'typeorm';

/**
 * Applies every pending migration of `migrations` in order (TypeORM, `synchronize: false`). Returns the names applied.
 * The list is the composition root's (core and every plugin's, ordered by timestamp): see gateway/src/database/migrate.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM takes migration classes as Function
export async function applyMigrations(databaseUrl: string, migrations: Function[]): Promise<string[]> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations,
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
