import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ScrapeContext } from '@contracts';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { AddressPolicy, RunGuard } from '@gateway/core/outbound';
import { checkContext } from '../../../test/support/check-context';
import { FileScraper, MAX_FILE_BYTES, formatOfName } from './file.scraper';

const context = (outbound?: ScrapeContext['outbound']): ScrapeContext => ({
  ...checkContext(5000, async () => null, outbound),
  scraper: { id: '00000000-0000-0000-0000-000000000001', name: 'files', namespace: 'default' },
});

describe('file scraper', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scraper-file-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-data-'));
  const scraper = new FileScraper({ dataDir, scrapers: { fileRoots: [dir] } });

  beforeAll(() => {
    fs.mkdirSync(path.join(dir, 'nested'));
    fs.writeFileSync(path.join(dir, 'a.json'), '{"id":"a","kind":"App"}');
    fs.writeFileSync(path.join(dir, 'b.yaml'), 'id: b\nkind: App\n');
    fs.writeFileSync(path.join(dir, 'nested', 'c.yml'), 'id: c\n');
    fs.writeFileSync(path.join(dir, 'd.properties'), 'id=d\n');
    fs.writeFileSync(path.join(dir, 'e.txt'), 'plain text');
    fs.writeFileSync(path.join(dir, 'skip.bak.json'), '{}');
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads only below SCRAPER_FILE_ROOTS, by real path, and never the console data directory', async () => {
    expect(scraper.validate({ paths: ['/etc/*.conf'] })).toEqual([
      expect.stringMatching(/^paths\[0\]: \/etc\/\*\.conf is outside the folders file scrapers may read/),
    ]);
    expect(scraper.validate({ paths: [path.join(dir, '*.json'), 'nested/*.yml'] })).toEqual([]);
    const inData = new FileScraper({ dataDir: dir, scrapers: { fileRoots: [path.dirname(dir)] } });
    expect(inData.validate({ paths: [path.join(dir, '*.json')] })).toEqual([expect.stringContaining("is in the console's data directory")]);
    // A link inside the folder that leads out of it is not followed.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    fs.writeFileSync(path.join(outside, 'secret.json'), '{"id":"secret"}');
    fs.symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'link.json'));
    try {
      const out = await scraper.scrape({ paths: [path.join(dir, 'link.json'), path.join(dir, '*.json')] }, context());
      expect(out.configs.map((c) => c.source)).toEqual([path.join(dir, 'a.json'), path.join(dir, 'skip.bak.json')]);
      expect(JSON.stringify(out)).not.toContain('secret');
      // A folder inside that is a link to one outside is not entered (and a file reached through one would resolve
      // outside and be refused by its real path).
      fs.symlinkSync(outside, path.join(dir, 'linked-dir'));
      const viaDir = await scraper.scrape({ paths: ['linked-dir/*.json'] }, context());
      expect(viaDir.configs).toEqual([]);
      expect(JSON.stringify(viaDir)).not.toContain('"secret"');
      // Relative patterns are read below the first folder.
      const relative = await scraper.scrape({ paths: ['nested/*.yml'] }, context());
      expect(relative.configs.map((c) => c.source)).toEqual([path.join(dir, 'nested', 'c.yml')]);
    } finally {
      fs.rmSync(path.join(dir, 'link.json'));
      fs.rmSync(path.join(dir, 'linked-dir'), { force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses `..` segments in patterns, so a glob never walks out of the folders or names files outside them', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    fs.writeFileSync(path.join(outside, 'secret-name.json'), '{}');
    try {
      const escape = `nested/*/../../../${path.basename(outside)}/*.json`;
      expect(scraper.validate({ paths: [escape] })).toEqual([expect.stringMatching(/^paths\[0\]: .*'\.\.' is not allowed/)]);
      expect(scraper.validate({ paths: [`${dir}/**/../x/*`] })).toEqual([expect.stringContaining("'..' is not allowed")]);
      // The run refuses it too (a spec stored before this rule), without listing what lies outside.
      await expect(scraper.scrape({ paths: [escape] }, context())).rejects.toThrow(/'\.\.' is not allowed/);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('matches `ignore` globs in linear time (many ** cannot stall the gateway), relative ones below the first folder', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ignore-'));
    fs.mkdirSync(path.join(root, 'nested'));
    fs.writeFileSync(path.join(root, `${'a'.repeat(60)}.json`), '{}');
    fs.writeFileSync(path.join(root, 'keep.json'), '{}');
    fs.writeFileSync(path.join(root, 'nested', 'x.json'), '{}');
    try {
      const files = new FileScraper({ dataDir, scrapers: { fileRoots: [root] } });
      const started = Date.now();
      const out = await files.scrape({ paths: ['**/*.json'], ignore: [`${'**a'.repeat(12)}b`, 'nested/**'] }, context());
      expect(Date.now() - started).toBeLessThan(2000);
      expect(out.configs.map((c) => path.basename(c.source!))).toEqual([`${'a'.repeat(60)}.json`, 'keep.json']);
      const some = await files.scrape({ paths: ['**/*.json'], ignore: ['**/a*a.json', '*/x.?son'] }, context());
      expect(some.configs.map((c) => path.basename(c.source!))).toEqual(['keep.json']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('is registered as the `file` scraper type', () => {
    expect(extensionsOf(FileScraper)).toEqual([{ point: SCRAPER_TYPES.id, id: 'file' }]);
  });

  it('names the format by extension', () => {
    expect(['x.json', 'x.YAML', 'x.yml', 'x.properties', 'x.conf', 'Makefile'].map(formatOfName)).toEqual([
      'json',
      'yaml',
      'yaml',
      'properties',
      'other',
      'other',
    ]);
  });

  it('reads every globbed file as one document with its text, format and path', async () => {
    const out = await scraper.scrape({ paths: [`${dir}/**/*`], ignore: ['*.bak.json'] }, context());
    expect(out.errors).toEqual([]);
    expect(out.configs).toEqual([
      { config: '{"id":"a","kind":"App"}', format: 'json', source: path.join(dir, 'a.json') },
      { config: 'id: b\nkind: App\n', format: 'yaml', source: path.join(dir, 'b.yaml') },
      { config: 'id=d\n', format: 'properties', source: path.join(dir, 'd.properties') },
      { config: 'plain text', format: 'other', source: path.join(dir, 'e.txt') },
      { config: 'id: c\n', format: 'yaml', source: path.join(dir, 'nested', 'c.yml') },
    ]);
  });

  it('takes several patterns, each file once, and the spec format over the extension', async () => {
    const out = await scraper.scrape({ paths: [`${dir}/*.json`, `${dir}/a.*`], format: 'yaml' }, context());
    expect(out.configs.map((c) => [path.basename(c.source!), c.format])).toEqual([
      ['a.json', 'yaml'],
      ['skip.bak.json', 'yaml'],
    ]);
  });

  it('reports a file over the size cap and still reads the others', async () => {
    const big = path.join(dir, 'big', 'huge.json');
    fs.mkdirSync(path.dirname(big));
    fs.writeFileSync(big, Buffer.alloc(MAX_FILE_BYTES + 1, 32));
    fs.writeFileSync(path.join(dir, 'big', 'small.json'), '{}');
    try {
      const out = await scraper.scrape({ paths: [`${dir}/big/*.json`] }, context());
      expect(out.configs.map((c) => path.basename(c.source!))).toEqual(['small.json']);
      expect(out.errors).toEqual([`${big}: larger than 10 MB (${MAX_FILE_BYTES + 1} bytes)`]);
    } finally {
      fs.rmSync(path.dirname(big), { recursive: true });
    }
  });

  it('reports a missing directory instead of returning nothing silently', async () => {
    const out = await scraper.scrape({ paths: [`${dir}/nowhere/**/*.yaml`] }, context());
    expect(out.configs).toEqual([]);
    expect(out.errors).toEqual([`paths: ${path.join(dir, 'nowhere')} does not exist`]);
  });

  describe('url', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/conf/app.yaml') res.end(`auth: ${req.headers.authorization ?? 'none'}\n`);
        else res.writeHead(404).end('no');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('fetches one document over HTTP, credentials as Basic and not in the source', async () => {
      const out = await scraper.scrape({ url: base.replace('http://', 'http://u:p@') + '/conf/app.yaml' }, context());
      expect(out.configs).toEqual([{ config: `auth: Basic ${Buffer.from('u:p').toString('base64')}\n`, format: 'yaml', source: `${base}/conf/app.yaml` }]);
    });

    it('fails on an error status', async () => {
      await expect(scraper.scrape({ url: `${base}/missing.json` }, context())).rejects.toThrow(`${base}/missing.json: HTTP 404`);
    });

    it('asks the outbound policy first', async () => {
      const strict = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }));
      // Loopback is allowed by the test policy; a metadata address never is.
      await expect(scraper.scrape({ url: 'http://169.254.169.254/latest/meta-data' }, context(strict))).rejects.toThrow(/metadata|not allowed|refused/i);
    });
  });

  it('validates paths, url, ignore and format', () => {
    expect(scraper.validate({ paths: [`${dir}/*.conf`] })).toEqual([]);
    expect(scraper.validate({ url: 'https://example.com/a.json' })).toEqual([]);
    expect(scraper.validate({})).toEqual(['paths: required (or url)']);
    expect(scraper.validate({ paths: '/etc/*' })).toEqual(['paths: must be a list of glob patterns']);
    expect(scraper.validate({ paths: [] })).toEqual(['paths: must be a list of glob patterns']);
    expect(scraper.validate({ url: 'ftp://x/y' })).toEqual(['url: must be an http:// or https:// URL']);
    expect(scraper.validate({ connection: 'db' })).toEqual(['connection: must be a connection:// reference']);
    expect(scraper.validate({ paths: ['a'], ignore: 'b' })).toEqual(['ignore: must be a list of glob patterns']);
    expect(scraper.validate({ paths: ['a'], format: 'xml' })).toEqual(['format: must be one of json, yaml, properties, other']);
  });
});
