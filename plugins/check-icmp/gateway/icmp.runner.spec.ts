import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { IcmpCheckRunner, parsePingOutput, pingHost } from './icmp.runner';

const context = (timeoutMs = 3000): CheckRunContext => checkContext(timeoutMs);

const IPUTILS_OUTPUT = `PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.
64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.041 ms
64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.052 ms

--- 127.0.0.1 ping statistics ---
2 packets transmitted, 2 received, 0% packet loss, time 1001ms
rtt min/avg/max/mdev = 0.041/0.046/0.052/0.005 ms
`;

/** A stand-in `ping` (a real bash script) for parsing and timeout tests where the host has no ping. */
function fakePing(body: string): { command: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-ping-'));
  const command = path.join(dir, 'ping');
  fs.writeFileSync(command, `#!/bin/bash\n${body}\n`, { mode: 0o755 });
  return { command, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe('icmp check', () => {
  const pingRuns = spawnSync('ping', ['-c', '1', '-W', '1', '127.0.0.1']).status === 0;

  it('pings 127.0.0.1 with the system ping, or reports invalid when ping cannot run here', async () => {
    const runner = new IcmpCheckRunner();
    const r = await runner.run({ name: 'i', endpoint: '127.0.0.1', packetCount: 1 }, context());
    if (pingRuns) {
      expect(r).toMatchObject({ pass: true, invalid: false, details: { received: 1, packetLoss: 0 } });
    } else {
      console.log(`icmp check: system ping unavailable here; result was: ${r.message}`);
      expect(r).toMatchObject({ pass: false, invalid: true });
      expect(r.message).toMatch(/^icmp: (the ping command is not installed|ping could not run)/);
    }
  });

  it('is invalid, never a pass, when ping is missing', async () => {
    const runner = new IcmpCheckRunner();
    runner.pingCommand = '/nonexistent/ping';
    expect(await runner.run({ name: 'i', endpoint: '127.0.0.1' }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: 'icmp: the ping command is not installed on the gateway host',
    });
  });

  it('is invalid when ping is not permitted (no raw socket)', async () => {
    const fake = fakePing('echo "ping: socket: Operation not permitted" >&2; exit 2');
    try {
      const runner = new IcmpCheckRunner();
      runner.pingCommand = fake.command;
      expect(await runner.run({ name: 'i', endpoint: '127.0.0.1' }, context())).toMatchObject({
        pass: false,
        invalid: true,
        message: 'icmp: ping could not run: ping: socket: Operation not permitted',
      });
    } finally {
      fake.remove();
    }
  });

  it('reads loss and round trips from ping output and applies the thresholds', async () => {
    const fake = fakePing(`[ "$1 $2 $3" = "-c 2 -W" ] || exit 9\ncat <<'OUT'\n${IPUTILS_OUTPUT}OUT`);
    try {
      const runner = new IcmpCheckRunner();
      runner.pingCommand = fake.command;
      const ok = await runner.run({ name: 'i', endpoint: '127.0.0.1', packetCount: 2 }, context());
      expect(ok).toMatchObject({ pass: true, invalid: false, details: { transmitted: 2, received: 2, packetLoss: 0, avg: 0.046, latency: 0.046 } });
      const slow = await runner.run({ name: 'i', endpoint: '127.0.0.1', packetCount: 2, thresholdMillis: 0.01 }, context());
      expect(slow).toMatchObject({ pass: false, message: 'average round trip 0.046ms above 0.01ms' });
    } finally {
      fake.remove();
    }
    expect(parsePingOutput('3 packets transmitted, 1 packets received, 66% packet loss\nround-trip min/avg/max = 1.0/1.0/1.0 ms')).toEqual({
      transmitted: 3,
      received: 1,
      packetLoss: 66,
      min: 1,
      avg: 1,
      max: 1,
    });
  });

  it('pings the host of an endpoint given as a URL, as canary-checker does', async () => {
    // The stand-in fails unless it is asked to ping exactly 127.0.0.1.
    const fake = fakePing(`[ "$5" = "127.0.0.1" ] || { echo "asked for $5" >&2; exit 9; }\ncat <<'OUT'\n${IPUTILS_OUTPUT}OUT`);
    try {
      const runner = new IcmpCheckRunner();
      runner.pingCommand = fake.command;
      const spec = { name: 'i', endpoint: 'http://127.0.0.1:8080/health?x=1', packetCount: 2 };
      expect(runner.validate(spec)).toEqual([]);
      expect(await runner.run(spec, context())).toMatchObject({ pass: true, invalid: false, details: { host: '127.0.0.1', received: 2 } });
    } finally {
      fake.remove();
    }
    expect(pingHost('https://github.com/flanksource')).toBe('github.com');
    expect(pingHost('http://[::1]:80/')).toBe('::1');
    expect(pingHost('api.github.com')).toBe('api.github.com');
    expect(pingHost('http://')).toBeNull();
    expect(pingHost('-f')).toBeNull();
  });

  it('returns within the timeout when ping hangs', async () => {
    const fake = fakePing('sleep 30');
    try {
      const runner = new IcmpCheckRunner();
      runner.pingCommand = fake.command;
      const started = Date.now();
      const r = await runner.run({ name: 'i', endpoint: '127.0.0.1' }, context(300));
      expect(Date.now() - started).toBeLessThan(1500);
      expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms' });
    } finally {
      fake.remove();
    }
  });

  it('names the field when invalid', () => {
    const runner = new IcmpCheckRunner();
    expect(runner.validate({ name: 'i' })).toEqual(['endpoint: required']);
    expect(runner.validate({ name: 'i', endpoint: '-f', packetCount: 0 })).toEqual([
      'endpoint: must be a host name, an IP address or a URL',
      'packetCount: must be an integer 1-100',
    ]);
  });
});

describe('icmp check registration', () => {
  it("contributes to the 'checks' extension point as 'icmp'", () => {
    expect(extensionsOf(IcmpCheckRunner)).toEqual([{ point: 'checks', id: 'icmp' }]);
    expect(new IcmpCheckRunner().type).toBe('icmp');
  });
});
