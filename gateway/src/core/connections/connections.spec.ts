import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ResolvedConnection } from '@contracts';
import { loadConnectionKey } from './connection-key';
import { peerMessage } from './peer-http';
import { smtpFrom, smtpTransportOptions } from './smtp';

const smtp = (over: Partial<ResolvedConnection>): ResolvedConnection => ({
  id: 'c1',
  name: 'mail',
  type: 'smtp',
  url: null,
  username: null,
  password: null,
  certificate: null,
  insecure_tls: false,
  properties: {},
  ...over,
});

describe('peerMessage', () => {
  it("reads the peers' error shapes", () => {
    expect(peerMessage({ errorMessages: ['No project'], errors: { summary: 'required' } }, 400)).toBe('No project; summary: required');
    expect(peerMessage({ error: { message: 'User Not Authenticated', detail: 'Required to provide Auth information' } }, 401)).toBe(
      'User Not Authenticated: Required to provide Auth information',
    );
    expect(peerMessage({ error: { code: 'InvalidAuthenticationToken', message: 'Expired' } }, 401)).toBe('InvalidAuthenticationToken: Expired');
    expect(peerMessage({ error: 'invalid_client', error_description: 'Bad secret' }, 401)).toBe('invalid_client: Bad secret');
    expect(peerMessage('<html>down</html>', 502, 'Bad Gateway')).toBe('HTTP 502 Bad Gateway: <html>down</html>');
    expect(peerMessage({}, 500)).toBe('HTTP 500');
  });
});

describe('smtpTransportOptions', () => {
  it('defaults to port 587 with encryption Auto (STARTTLS when offered)', () => {
    expect(smtpTransportOptions(smtp({ properties: { host: 'mail.example.com' } }))).toMatchObject({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      requireTLS: false,
      ignoreTLS: false,
      auth: undefined,
    });
  });

  it('reads host and port from the url, implicit TLS on 465 and for smtps', () => {
    expect(smtpTransportOptions(smtp({ url: 'smtp://mail.example.com:465' }))).toMatchObject({ host: 'mail.example.com', port: 465, secure: true });
    expect(smtpTransportOptions(smtp({ url: 'smtps://mail.example.com' }))).toMatchObject({ port: 465, secure: true });
    expect(smtpTransportOptions(smtp({ url: 'mail.example.com:2525' }))).toMatchObject({ host: 'mail.example.com', port: 2525 });
  });

  it('honours the encryption choice, credentials and insecure TLS', () => {
    const o = smtpTransportOptions(
      smtp({ url: 'mail.example.com', username: 'u@example.com', password: 'p', insecure_tls: true, properties: { encryption: 'StartTLS' } }),
    );
    expect(o).toMatchObject({ requireTLS: true, auth: { user: 'u@example.com', pass: 'p' }, tls: { rejectUnauthorized: false } });
    expect(smtpTransportOptions(smtp({ url: 'mail.example.com', properties: { encryption: 'None' } })).ignoreTLS).toBe(true);
    expect(() => smtpTransportOptions(smtp({}))).toThrow('SMTP connection mail has no host');
  });

  it('sends from properties.from, else an address username', () => {
    expect(smtpFrom(smtp({ properties: { from: 'ops@example.com' } }))).toBe('ops@example.com');
    expect(smtpFrom(smtp({ username: 'bot@example.com' }))).toBe('bot@example.com');
    expect(smtpFrom(smtp({ username: 'bot' }))).toBe('Operations Console <console@localhost>');
  });
});

describe('loadConnectionKey', () => {
  it('prefers CONNECTION_KEY, else generates one 0600 key file and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-'));
    try {
      expect(loadConnectionKey({ dataDir: dir, connectionKey: ' from-env ' })).toBe('from-env');
      expect(fs.existsSync(path.join(dir, 'connection.key'))).toBe(false);
      const first = loadConnectionKey({ dataDir: path.join(dir, 'data'), connectionKey: null });
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(path.join(dir, 'data', 'connection.key')).mode & 0o777).toBe(0o600);
      expect(loadConnectionKey({ dataDir: path.join(dir, 'data'), connectionKey: null })).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
