import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * Linking a config to a topology component (spec 02 §7: POST /config_component_relationships with the manual
 * selector, DELETE by component, config and selector) through the data API, as the config detail page does; it is a
 * topology edit, so it needs write on topologies.
 */
describe('config ↔ component links', () => {
  let t: TestApp;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let configId: string;
  let componentId: string;

  beforeAll(async () => {
    t = await TestApp.start({ SCRAPER_SCHEDULER: 'off' });
    editor = await t.signInAs(['editor']);
    viewer = await t.signInAs(['viewer']);
    configId = (await t.pool.query(`insert into config_items (type, name) values ('Shop::Service', 'checkout') returning id`)).rows[0].id;
    componentId = (await t.pool.query(`insert into components (name, type) values ('checkout', 'Service') returning id`)).rows[0].id;
  });
  afterAll(() => t?.stop());

  const links = (as: SignedInAgent) =>
    as.agent.get(
      `/api/db/config_component_relationships?config_id=eq.${configId}&deleted_at=is.null&select=component_id,selector_id,component:component_id(id,name,type)`,
    );

  it('links and unlinks with the manual selector, and lists the link with its component', async () => {
    const body = { component_id: componentId, config_id: configId, selector_id: 'manual' };
    await editor.agent.post('/api/db/config_component_relationships').set('x-csrf-token', editor.csrf).send(body).expect(201);
    expect((await links(viewer).expect(200)).body).toEqual([
      { component_id: componentId, selector_id: 'manual', component: { id: componentId, name: 'checkout', type: 'Service' } },
    ]);
    await editor.agent
      .delete(`/api/db/config_component_relationships?component_id=eq.${componentId}&config_id=eq.${configId}&selector_id=eq.manual`)
      .set('x-csrf-token', editor.csrf)
      .expect(204);
    expect((await links(viewer).expect(200)).body).toEqual([]);
  });

  it('refuses viewers on the server', async () => {
    await viewer.agent
      .post('/api/db/config_component_relationships')
      .set('x-csrf-token', viewer.csrf)
      .send({ component_id: componentId, config_id: configId, selector_id: 'manual' })
      .expect(403);
  });
});
