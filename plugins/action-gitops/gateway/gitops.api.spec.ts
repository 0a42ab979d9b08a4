import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { actionContext } from '../../../test/support/action-context';
import { startGitPeer, type GitPeer } from '../../../test/support/peers/git-peer';
import { TestApp } from '../../../test/support/test-app';

/** The action as the running console has it: with its one outbound client. */
describe('gitops action in the console', () => {
  let peer: GitPeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startGitPeer({ auth: { username: 'bot', password: 'token-1' } });
    t = await TestApp.start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-action-')) });
  });
  afterAll(async () => {
    await t?.stop();
    await peer?.stop();
  });

  it('is an action type of the console and pushes a commit through its outbound client', async () => {
    const action = t.app.get(PluginHost).find(ACTION_TYPES, 'gitops');
    expect(action).toBeDefined();
    const outcome = await action!.run(
      {
        repo: { url: peer.url, username: 'bot', password: 'token-1' },
        commit: { message: 'from the console' },
        files: [{ path: 'hello.txt', content: 'hi\n' }],
      },
      actionContext(),
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ changed: true, commit: peer.git('rev-parse', 'main').trim(), files: ['hello.txt'] });
    expect(peer.git('show', 'main:hello.txt')).toBe('hi\n');
  });
});
