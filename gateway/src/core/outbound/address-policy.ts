import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Nest token of the console's one `AddressPolicy` (built in CoreModule from the config and the database URL). */
export const ADDRESS_POLICY = Symbol('ADDRESS_POLICY');

/** Thrown when a call made on behalf of a spec may not go where it asked; the message is shown with the result. */
export class OutboundRefused extends Error {}

/** A place a spec's call goes to. */
export interface OutboundTarget {
  /** `http:`, `https:`, `postgres:`, `tcp:` ... (informational for the address policy; part of a credential's origin). */
  protocol: string;
  host: string;
  port: number;
}

/** Cloud metadata services hand out the machine's credentials to whoever asks from inside it. */
const METADATA = ['169.254.169.254', 'fd00:ec2::254'];

export interface AddressPolicyOptions {
  /** The port the console listens on (its own API is never a target). */
  listenPort: number;
  /** The console's own database server (host and port), never a target. */
  database: { host: string; port: number } | null;
  /** `host`, `host:port`, an IP or a CIDR: allowed despite the denials above. */
  allow: readonly string[];
}

interface AllowEntry {
  host: string;
  port: number | null;
}

/**
 * The outbound address policy for every call a user's spec makes the server do (checks now; scrapers, playbook
 * actions, topology lookups and log backends later): names are resolved and every address is checked, so neither a
 * name nor an IPv4-mapped IPv6 form gets around it. Denied unless allowed: the console's own listener, its own
 * database server, and cloud metadata addresses.
 */
export class AddressPolicy {
  private readonly metadata = new BlockList();
  private readonly allowNets = new BlockList();
  private readonly allowHosts: AllowEntry[] = [];
  private databaseAddresses: Promise<string[]> | null = null;

  constructor(private readonly options: AddressPolicyOptions) {
    for (const address of METADATA) this.metadata.addAddress(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
    for (const entry of options.allow) this.addAllowed(entry);
  }

  /**
   * Resolves the target and throws `OutboundRefused` when any of its addresses is denied; returns the addresses.
   * `from` names the callers in the message ("is not reachable from checks").
   */
  async check(target: OutboundTarget, from = 'checks'): Promise<string[]> {
    const host = bare(target.host).toLowerCase();
    const addresses = await resolve(host);
    for (const address of addresses) {
      if (this.allowed(host, address, target.port)) continue;
      const why = await this.denial(address, target.port);
      if (why) throw new OutboundRefused(`${target.host}:${target.port} is not reachable from ${from}: it is ${why}. An administrator can allow it.`);
    }
    return addresses;
  }

  private async denial(address: string, port: number): Promise<string | null> {
    if (this.metadata.check(address, family(address))) return 'a cloud metadata address';
    if (port === this.options.listenPort && isLocal(address)) return 'this console';
    const db = this.options.database;
    if (db && port === db.port) {
      const dbAddresses = await (this.databaseAddresses ??= resolve(bare(db.host)).catch(() => []));
      if (dbAddresses.includes(address) || (isLocal(address) && dbAddresses.some(isLocal))) return "this console's database";
    }
    return null;
  }

  private allowed(host: string, address: string, port: number): boolean {
    if (this.allowNets.check(address, family(address))) return true;
    return this.allowHosts.some((entry) => (entry.host === host || entry.host === address) && (entry.port === null || entry.port === port));
  }

  private addAllowed(raw: string): void {
    const entry = raw.trim().toLowerCase();
    if (!entry) return;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr && isIP(cidr[1])) {
      this.allowNets.addSubnet(cidr[1], Number(cidr[2]), isIP(cidr[1]) === 6 ? 'ipv6' : 'ipv4');
      return;
    }
    if (isIP(bare(entry))) {
      this.allowHosts.push({ host: bare(entry), port: null });
      return;
    }
    const hostPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    this.allowHosts.push(hostPort ? { host: bare(hostPort[1]), port: Number(hostPort[2]) } : { host: entry, port: null });
  }
}

function bare(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

async function resolve(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (error) {
    throw new OutboundRefused(`${host} could not be resolved: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('0.0.0.0', 'ipv4');
LOOPBACK.addAddress('::', 'ipv6');

/** Loopback, the unspecified address, or one of this machine's interface addresses. */
export function isLocal(address: string): boolean {
  if (LOOPBACK.check(address, family(address))) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address.toLowerCase();
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address.toLowerCase() === plain));
}
