import * as dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** Answers a test DNS peer gives, by lower-case name then type. */
export type DnsRecord =
  | { type: 'A'; address: string }
  | { type: 'CNAME' | 'NS' | 'PTR'; name: string }
  | { type: 'TXT'; text: string[] }
  | { type: 'MX'; preference: number; exchange: string }
  | { type: 'SRV'; priority: number; weight: number; port: number; target: string };

const TYPE_CODES = { A: 1, NS: 2, CNAME: 5, PTR: 12, MX: 15, TXT: 16, SRV: 33 } as const;

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0])]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function rdata(r: DnsRecord): Buffer {
  switch (r.type) {
    case 'A':
      return Buffer.from(r.address.split('.').map(Number));
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return encodeName(r.name);
    case 'TXT':
      return Buffer.concat(r.text.map((t) => Buffer.concat([Buffer.from([Buffer.byteLength(t)]), Buffer.from(t)])));
    case 'MX':
      return Buffer.concat([u16(r.preference), encodeName(r.exchange)]);
    case 'SRV':
      return Buffer.concat([u16(r.priority), u16(r.weight), u16(r.port), encodeName(r.target)]);
  }
}

/**
 * A tiny authoritative DNS server on a loopback UDP port (RFC 1035 wire format): one question per message,
 * answers from `zone`, NXDOMAIN for unknown names, and silence for names in `hang` (to prove timeouts).
 */
export async function startDnsPeer(zone: Record<string, DnsRecord[]>, hang: string[] = []): Promise<{ port: number; stop(): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let offset = 12;
    const labels: string[] = [];
    while (msg[offset] !== 0) {
      labels.push(msg.subarray(offset + 1, offset + 1 + msg[offset]).toString());
      offset += msg[offset] + 1;
    }
    const questionEnd = offset + 5;
    const qtype = msg.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    if (hang.includes(name)) return;
    const records = zone[name];
    const answers = (records ?? []).filter((r) => TYPE_CODES[r.type] === qtype);
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | (records ? 0 : 3), 2); // QR, AA, RD echoed, NXDOMAIN
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const body = answers.map((r) => {
      const data = rdata(r);
      const fixed = Buffer.alloc(10);
      fixed.writeUInt16BE(TYPE_CODES[r.type], 0);
      fixed.writeUInt16BE(1, 2); // IN
      fixed.writeUInt32BE(60, 4);
      fixed.writeUInt16BE(data.length, 8);
      return Buffer.concat([Buffer.from([0xc0, 0x0c]), fixed, data]);
    });
    socket.send(Buffer.concat([header, msg.subarray(12, questionEnd), ...body]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: (socket.address() as AddressInfo).port, stop: () => new Promise((resolve) => socket.close(() => resolve())) };
}
