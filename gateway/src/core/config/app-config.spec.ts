import { ConfigError, loadConfig, parseLocalProperties } from './app-config';

describe('gateway configuration', () => {
  it('defaults to port 8080, embedded database and admin@local', () => {
    const c = loadConfig({}, '/srv/console');
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeNull();
    expect(c.dataDir).toBe('/srv/console/data');
    expect(c.adminEmail).toBe('admin@local');
    expect(c.adminPassword).toBeNull();
  });

  it('rejects bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new ConfigError("PORT must be a whole number from 0 to 65535, got 'eighty'"));
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA must be true or false/);
  });

  it('reads the health settings, and names a bad one', () => {
    expect(loadConfig({}).health).toEqual({
      scheduler: true,
      tickMs: 250,
      checkConcurrency: 50,
      typeConcurrency: 20,
      statusRetentionDays: 30,
      hourlyRollupDays: 90,
      summaryCacheMs: 2000,
      storedBodyBytes: 16384,
    });
    expect(loadConfig({ HEALTH_SCHEDULER: 'off', HEALTH_STATUS_RETENTION_DAYS: '7' }).health).toMatchObject({ scheduler: false, statusRetentionDays: 7 });
    expect(() => loadConfig({ HEALTH_CHECK_CONCURRENCY: 'many' })).toThrow(
      new ConfigError("HEALTH_CHECK_CONCURRENCY must be a whole number from 1 to 10000, got 'many'"),
    );
    expect(() => loadConfig({ HEALTH_SCHEDULER: 'sometimes' })).toThrow(/HEALTH_SCHEDULER must be true or false/);
  });

  it('reads the guard-rail settings of issue 8, and names a bad one', () => {
    const c = loadConfig({});
    expect(c.exec).toEqual({ enabled: true, uid: null, gid: null });
    expect(c.outbound.allow).toEqual([]);
    expect(c.trustProxy).toEqual(['loopback']);
    expect(c.dataApi).toEqual({ statementTimeoutMs: 15000, maxEmbedDepth: 4, maxResponseBytes: 32 * 1024 * 1024, poolSize: 10 });
    expect(loadConfig({ EXEC_ENABLED: 'false', EXEC_UID: '1001', OUTBOUND_ALLOW: '127.0.0.1:5432, 10.0.0.0/8' })).toMatchObject({
      exec: { enabled: false, uid: 1001, gid: null },
      outbound: { allow: ['127.0.0.1:5432', '10.0.0.0/8'] },
    });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'the ingress' })).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ EXEC_UID: '-1' })).toThrow(/EXEC_UID must be a whole number/);
  });

  it('reads the public URL, the connection key and the embedded port, and names a bad one', () => {
    expect(loadConfig({})).toMatchObject({ publicUrl: null, connectionKey: null, embeddedPgPort: null });
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/ops/', CONNECTION_KEY: ' k3y ', EMBEDDED_PG_PORT: '6543' })).toMatchObject({
      publicUrl: 'https://console.example.com/ops',
      connectionKey: 'k3y',
      embeddedPgPort: 6543,
    });
    expect(() => loadConfig({ PUBLIC_URL: 'console.example.com' })).toThrow(
      new ConfigError("PUBLIC_URL must be an http:// or https:// URL, got 'console.example.com'"),
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://console.example.com/?x=1' })).toThrow(/PUBLIC_URL must not have a query/);
    expect(() => loadConfig({ EMBEDDED_PG_PORT: '0' })).toThrow(/EMBEDDED_PG_PORT must be a whole number from 1 to 65535/);
  });

  it('reads local feature flags from PROPERTIES', () => {
    expect(parseLocalProperties('logs.disable=true, agents.disable = false\nx=a=b')).toEqual({
      'logs.disable': 'true',
      'agents.disable': 'false',
      x: 'a=b',
    });
    expect(() => parseLocalProperties('novalue')).toThrow(/name=value/);
  });
});
