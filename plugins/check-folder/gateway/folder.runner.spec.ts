import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { FolderCheckRunner, parseDuration, parseSize, remoteScheme } from './folder.runner';

const context = (timeoutMs = 2000): CheckRunContext => checkContext(timeoutMs);

describe('folder check', () => {
  const runner = new FolderCheckRunner();
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-folder-'));
    const hourAgo = new Date(Date.now() - 3_600_000);
    const dayAgo = new Date(Date.now() - 86_400_000);
    fs.writeFileSync(path.join(dir, 'backup-1.tar'), Buffer.alloc(2048));
    fs.utimesSync(path.join(dir, 'backup-1.tar'), dayAgo, dayAgo);
    fs.writeFileSync(path.join(dir, 'backup-2.tar'), Buffer.alloc(100));
    fs.utimesSync(path.join(dir, 'backup-2.tar'), hourAgo, hourAgo);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
    fs.mkdirSync(path.join(dir, 'sub'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists the files with sizes and times, ignoring folders', async () => {
    const r = await runner.run({ name: 'f', path: dir }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, message: '3 files', details: { count: 3, totalSize: 2149 } });
    expect((r.details.newest as { name: string }).name).toBe('notes.txt');
    expect((r.details.oldest as { name: string }).name).toBe('backup-1.tar');
  });

  it('applies count tests', async () => {
    expect((await runner.run({ name: 'f', path: dir, minCount: 3, maxCount: 3 }, context())).pass).toBe(true);
    expect(await runner.run({ name: 'f', path: dir, minCount: 4 }, context())).toMatchObject({ pass: false, message: '3 files, fewer than 4' });
    expect(await runner.run({ name: 'f', path: dir, maxCount: 2 }, context())).toMatchObject({ pass: false, message: '3 files, more than 2' });
  });

  it('applies age tests to the newest matching file', async () => {
    const backups = { name: 'f', path: dir, filter: { regex: '^backup-' } };
    expect((await runner.run({ ...backups, maxAge: '2h' }, context())).pass).toBe(true);
    expect(await runner.run({ ...backups, maxAge: '30m' }, context())).toMatchObject({ pass: false, message: 'newest file backup-2.tar is older than 30m' });
    expect((await runner.run({ ...backups, minAge: '30m' }, context())).pass).toBe(true);
    expect(await runner.run({ name: 'f', path: dir, minAge: '30m' }, context())).toMatchObject({ pass: false, message: 'notes.txt is newer than 30m' });
  });

  it('applies size tests', async () => {
    expect((await runner.run({ name: 'f', path: dir, filter: { regex: 'tar$' }, minSize: '100b', maxSize: '2kb' }, context())).pass).toBe(true);
    expect(await runner.run({ name: 'f', path: dir, minSize: 10 }, context())).toMatchObject({ pass: false, message: 'a file is smaller than 10' });
    expect(await runner.run({ name: 'f', path: dir, maxSize: '1kb' }, context())).toMatchObject({ pass: false, message: 'a file is larger than 1kb' });
  });

  it('fails when the folder does not exist', async () => {
    const r = await runner.run({ name: 'f', path: path.join(dir, 'missing') }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toContain('ENOENT');
  });

  it('saves s3://, gcs://, sftp:// and smb:// paths and reports them invalid when run, naming the scheme', async () => {
    const specs = [
      { name: 'f', path: 's3://tests-e2e-1', awsConnection: { region: 'minio', endpoint: 'http://minio:9000' }, maxAge: '7d', minSize: '25b' },
      { name: 'f', path: 'gcs://folder-check-test/recursive-test', minCount: 3, recursive: true },
      { name: 'f', path: 'sftp://files.example.com/upload', maxCount: 10 },
      { name: 'f', path: 'smb://windows-server/share/folder' },
    ];
    for (const spec of specs) {
      expect(runner.validate(spec)).toEqual([]);
      const scheme = spec.path.split(':')[0];
      const r = await runner.run(spec, context());
      expect(r).toMatchObject({ pass: false, invalid: true, message: `folder: ${scheme}:// paths are not supported on this console yet`, details: { scheme } });
    }
    // canary-checker's other spellings: a UNC path, or a remote connection beside a path that looks local.
    expect(remoteScheme({ name: 'f', path: '\\\\windows-server\\share\\folder' })).toBe('smb');
    expect(remoteScheme({ name: 'f', path: '/tmp', sftpConnection: { host: '192.168.1.5' } })).toBe('sftp');
    expect(remoteScheme({ name: 'f', path: '/tmp', smbConnection: { username: { value: 'u' } } })).toBe('smb');
    expect(remoteScheme({ name: 'f', path: dir })).toBeNull();
    // Never a listing of this machine's /tmp for a check meant for a remote server.
    expect(await runner.run({ name: 'f', path: '/tmp', sftpConnection: { host: '192.168.1.5' } }, context())).toMatchObject({
      invalid: true,
      message: 'folder: sftp:// paths are not supported on this console yet',
    });
    expect(runner.validate({ name: 'f', path: 's3://bucket', maxAge: 'soon' })).toEqual(['maxAge: must be a duration such as 30m, 1h or 2d']);
  });

  it('names the field when invalid', () => {
    expect(runner.validate({ name: 'f' })).toEqual(['path: required']);
    expect(runner.validate({ name: 'f', path: 'rel', maxAge: 'soon', minSize: 'big', minCount: -1 })).toEqual([
      'path: must be an absolute local path, or an s3://, gcs://, sftp:// or smb:// path',
      'maxAge: must be a duration such as 30m, 1h or 2d',
      'minSize: must be a size such as 10kb or 1mb',
      'minCount: must be an integer ≥ 0',
    ]);
    expect([parseDuration('1h30m'), parseDuration(5), parseSize('1.5kb')]).toEqual([5_400_000, 5000, 1536]);
  });
});

describe('folder check registration', () => {
  it("contributes to the 'checks' extension point as 'folder'", () => {
    expect(extensionsOf(FolderCheckRunner)).toEqual([{ point: 'checks', id: 'folder' }]);
    expect(new FolderCheckRunner().type).toBe('folder');
  });
});
