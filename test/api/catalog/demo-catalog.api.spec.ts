import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { seedDemoData } from '../../../gateway/src/database/seed/demo-data';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * A newcomer's first start: the demo seed adds a real `file` scraper over the shipped demo folder, which scrapes
 * into the catalogue (services, databases split from one JSON list, settings as properties, service → database
 * relationships); editing a demo file shows up as a change with its diff. Runs on a copy of `demo/`.
 */
describe('demo catalogue', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  const demoDir = mkdtempSync(path.join(tmpdir(), 'demo-'));
  cpSync(path.join(__dirname, '../../../demo'), demoDir, { recursive: true });

  beforeAll(async () => {
    t = await TestApp.start({ SCRAPER_SCHEDULER: 'off', SCRAPER_FILE_ROOTS: demoDir });
    const person = await t.createPerson(['admin']);
    await seedDemoData(t.pool, person.id, { demoDir });
    admin = await t.signIn(person.email);
  });
  afterAll(async () => {
    await t?.stop();
    rmSync(demoDir, { recursive: true, force: true });
  });

  const scraperId = async () => (await t.pool.query(`select id from config_scrapers where name = 'demo-catalog'`)).rows[0].id as string;
  const run = async () =>
    (
      await admin.agent
        .post(`/api/scrapers/${await scraperId()}/run`)
        .set('x-csrf-token', admin.csrf)
        .send({})
        .expect(200)
    ).body;

  it('scrapes the shipped files into the catalogue, related and due at once', async () => {
    expect((await t.pool.query(`select next_runtime <= now() as due from config_scrapers where name = 'demo-catalog'`)).rows[0].due).toBe(true);
    const result = await run();
    expect(result).toMatchObject({ status: 'SUCCESS', error_count: 0, success_count: 7 });
    const items = await admin.agent.get('/api/db/configs?select=name,type,health,tags&type=like.Shop::*&order=type.asc,name.asc').expect(200);
    expect(items.body.map((i: { type: string; name: string }) => `${i.type}/${i.name}`)).toEqual([
      'Shop::Database/catalog-db',
      'Shop::Database/orders-db',
      'Shop::Database/payments-db',
      'Shop::Service/catalog',
      'Shop::Service/checkout',
      'Shop::Service/payments',
      'Shop::Settings/shop settings',
    ]);
    expect(items.body.find((i: { name: string }) => i.name === 'payments')).toMatchObject({ health: 'warning', tags: { team: 'payments-squad' } });
    const edges = await t.pool.query(
      `select a.name as service, b.name as database from config_relationships r
       join config_items a on a.id = r.config_id join config_items b on b.id = r.related_id where a.type like 'Shop::%' order by 1`,
    );
    expect(edges.rows).toEqual([
      { service: 'catalog', database: 'catalog-db' },
      { service: 'checkout', database: 'orders-db' },
      { service: 'payments', database: 'payments-db' },
    ]);
  });

  it('records an edit of a demo file as a change with its diff', async () => {
    const file = path.join(demoDir, 'catalog/services/checkout.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('replicas: 3', 'replicas: 5'));
    const result = await run();
    expect(result.scrape_summary['Shop::Service']).toMatchObject({ updated: 1, unchanged: 2, changes: 1 });
    const changes = await admin.agent.post('/api/catalog/changes').set('x-csrf-token', admin.csrf).send({ config_type: 'Shop::Service' }).expect(200);
    expect(changes.body.changes).toHaveLength(1);
    expect(changes.body.changes[0]).toMatchObject({ name: 'checkout', change_type: 'diff', summary: 'replicas', patches: { replicas: 5 } });
    expect(changes.body.changes[0].diff).toContain('+  "replicas": 5');
  });
});
