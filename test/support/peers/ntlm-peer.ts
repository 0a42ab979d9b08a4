import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP server that authenticates with NTLM as Windows servers do (MS-NLMP), for the http check's NTLM and NTLMv2
 * tests: it answers a request without credentials with `401 WWW-Authenticate: NTLM`, a negotiate message with a
 * challenge (offering NTLMv2 — extended security and target info — when `offerV2`), and verifies the authenticate
 * message itself: an NTLMv1 response as DESL(NT hash, challenge), an NTLMv2 one as HMAC-MD5 over the challenge and
 * the client's blob. MD4 and DES come from js-md4 and des.js (Node's OpenSSL 3 no longer has them). The state is
 * kept per connection, as NTLM authenticates connections.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const md4 = require('js-md4') as { arrayBuffer(data: Uint8Array): ArrayBuffer };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const des = require('des.js') as { DES: { create(options: { type: 'encrypt'; key: number[] }): { update(data: number[]): number[]; final(): number[] } } };

const FLAGS = { unicode: 0x1, requestTarget: 0x4, ntlm: 0x200, alwaysSign: 0x8000, targetTypeDomain: 0x10000, extendedSecurity: 0x80000, targetInfo: 0x800000 };
const DOMAIN = 'CORP';

export interface NtlmPeer {
  url: string;
  /** Each successful authentication: who, and with which version. */
  accepted: Array<{ user: string; domain: string; version: 'NTLMv1' | 'NTLMv2' }>;
  stop(): Promise<void>;
}

const ntHash = (password: string) => Buffer.from(md4.arrayBuffer(Buffer.from(password, 'utf16le')));

/** A 7-byte key spread over 8 bytes with parity bits, as DES wants it. */
function desKey(seven: Buffer): number[] {
  const bits = [...seven].map((b) => b.toString(2).padStart(8, '0')).join('');
  return Array.from({ length: 8 }, (_, i) => (parseInt(bits.slice(i * 7, i * 7 + 7), 2) << 1) & 0xfe);
}

function desl(key16: Buffer, challenge: Buffer): Buffer {
  const key = Buffer.concat([key16, Buffer.alloc(5)]);
  return Buffer.concat([0, 7, 14].map((at) => Buffer.from(des.DES.create({ type: 'encrypt', key: desKey(key.subarray(at, at + 7)) }).update([...challenge]))));
}

function challengeMessage(challenge: Buffer, offerV2: boolean): string {
  const target = Buffer.from(DOMAIN, 'utf16le');
  const info = Buffer.concat([Buffer.from([2, 0]), u16(target.length), target, Buffer.from([0, 0, 0, 0])]); // MsvAvNbDomainName, MsvAvEOL
  const flags =
    FLAGS.unicode | FLAGS.requestTarget | FLAGS.ntlm | FLAGS.alwaysSign | FLAGS.targetTypeDomain | (offerV2 ? FLAGS.extendedSecurity | FLAGS.targetInfo : 0);
  const header = Buffer.alloc(48);
  header.write('NTLMSSP\0', 0, 'latin1');
  header.writeUInt32LE(2, 8);
  header.writeUInt16LE(target.length, 12);
  header.writeUInt16LE(target.length, 14);
  header.writeUInt32LE(48, 16);
  header.writeUInt32LE(flags >>> 0, 20);
  challenge.copy(header, 24);
  header.writeUInt16LE(offerV2 ? info.length : 0, 40);
  header.writeUInt16LE(offerV2 ? info.length : 0, 42);
  header.writeUInt32LE(48 + target.length, 44);
  return Buffer.concat([header, target, offerV2 ? info : Buffer.alloc(0)]).toString('base64');
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}

function field(message: Buffer, at: number): Buffer {
  const length = message.readUInt16LE(at);
  const offset = message.readUInt32LE(at + 4);
  return message.subarray(offset, offset + length);
}

/** The version that authenticated, or null when the authenticate message does not prove the password. */
function verify(message: Buffer, challenge: Buffer, passwords: Record<string, string>): { user: string; domain: string; version: 'NTLMv1' | 'NTLMv2' } | null {
  if (message.subarray(0, 8).toString('latin1') !== 'NTLMSSP\0' || message.readUInt32LE(8) !== 3) return null;
  const nt = field(message, 20);
  const domain = field(message, 28).toString('utf16le');
  const user = field(message, 36).toString('utf16le');
  const password = passwords[user];
  if (password === undefined) return null;
  const hash = ntHash(password);
  if (nt.length === 24) return timingSafeEqual(nt, desl(hash, challenge)) ? { user, domain, version: 'NTLMv1' } : null;
  const proof = nt.subarray(0, 16);
  const blob = nt.subarray(16);
  const ntowfv2 = createHmac('md5', hash)
    .update(Buffer.from(user.toUpperCase() + domain, 'utf16le'))
    .digest();
  const expected = createHmac('md5', ntowfv2)
    .update(Buffer.concat([challenge, blob]))
    .digest();
  return timingSafeEqual(proof, expected) ? { user, domain, version: 'NTLMv2' } : null;
}

export async function startNtlmPeer(passwords: Record<string, string>, offerV2: boolean): Promise<NtlmPeer> {
  const accepted: NtlmPeer['accepted'] = [];
  const challenges = new WeakMap<Socket, Buffer>();
  const server = http.createServer((req, res) => {
    const header = req.headers.authorization ?? '';
    const token = /^NTLM (\S+)$/.exec(header)?.[1];
    const message = token ? Buffer.from(token, 'base64') : null;
    if (!message || message.length < 12) return res.writeHead(401, { 'www-authenticate': 'NTLM' }).end();
    const type = message.readUInt32LE(8);
    if (type === 1) {
      const challenge = randomBytes(8);
      challenges.set(req.socket, challenge);
      return res.writeHead(401, { 'www-authenticate': `NTLM ${challengeMessage(challenge, offerV2)}`, connection: 'keep-alive' }).end();
    }
    const challenge = challenges.get(req.socket);
    const who = type === 3 && challenge ? verify(message, challenge, passwords) : null;
    if (!who) return res.writeHead(401, { 'www-authenticate': 'NTLM' }).end('denied');
    accepted.push(who);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user: who.user, domain: who.domain, version: who.version }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
