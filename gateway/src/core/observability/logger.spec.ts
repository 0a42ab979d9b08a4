import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Request, Response } from 'express';
import pino from 'pino';
import { createLogger, logRequest, RotatingLogFile, teeDestination, wantsRequestLog } from './logger';

const lines = () => {
  const written: string[] = [];
  return { written, write: (line: string) => void written.push(line) };
};

const request = (principal?: { personId: string }, path = '/api/db/config_items', forwardedFor?: string) =>
  ({
    method: 'GET',
    path,
    // Express's req.ip: the forwarded address when a trusted proxy sent one, else the peer's.
    ip: forwardedFor ?? '127.0.0.1',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: '127.0.0.1' },
    principal,
  }) as unknown as Request;
const response = (statusCode: number) => ({ statusCode }) as Response;

/** Time is the one field that differs between two writes. */
const sameTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe('request log', () => {
  it('writes, for a logger of createLogger, exactly the line pino writes for the entry', () => {
    const fast = lines();
    const viaPino = lines();
    const logger = createLogger('info', fast);
    const plain = pino({ level: 'info', base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.epochTime }, viaPino);
    const cases: Array<[Request, Response, number]> = [
      [request({ personId: '4f0c4c2e-1b7c-4c61-a1a0-94b8d4c0f0f0' }), response(206), 3.25],
      [request(undefined, '/api/auth/login'), response(401), 0.5],
      [request({ personId: 'p"1\\x' }, '/api/db/x?"quoted"\n'), response(503), 12],
      [request(undefined), response(200), Infinity],
      [request(undefined, '/api/db/x', '203.0.113.9'), response(200), 1],
    ];
    for (const [req, res, ms] of cases) {
      logRequest(logger, req, res, ms);
      logRequest(plain, req, res, ms);
    }
    expect(fast.written.map(sameTime)).toEqual(viaPino.written.map(sameTime));
    expect(JSON.parse(fast.written[0])).toMatchObject({
      level: 30,
      req: { method: 'GET', path: '/api/db/config_items' },
      res: { statusCode: 206 },
      msg: 'request completed',
    });
    expect(JSON.parse(fast.written[2])).toMatchObject({ level: 50, msg: 'request failed', user: 'p"1\\x' });
  });

  it('leaves out probes and everything when info is off', () => {
    const logger = createLogger('info', lines());
    expect(wantsRequestLog(logger, request(undefined, '/healthz'))).toBe(false);
    expect(wantsRequestLog(logger, request(undefined, '/readyz'))).toBe(false);
    expect(wantsRequestLog(logger, request(undefined, '/api/db/incidents'))).toBe(true);
    expect(wantsRequestLog(createLogger('warn', lines()), request(undefined, '/api/db/incidents'))).toBe(false);
  });
});

describe('the log file', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-log-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const flushed = (destination: { flush(cb?: (error?: Error) => void): void }) => new Promise<void>((resolve) => destination.flush(() => resolve()));
  const linesOf = (file: string) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string });

  it('gets every line stdout gets, the request log included, through one tee', async () => {
    const stdout = lines();
    const file = new RotatingLogFile(path.join(dir, 'tee', 'nested', 'console.log'));
    try {
      const tee = teeDestination(stdout, file);
      const logger = createLogger('info', tee);
      logger.info('started');
      logRequest(logger, request(undefined, '/api/db/incidents'), response(200), 2);
      logger.error({ err: 'x' }, 'failed');
      await flushed(tee);
      expect(stdout.written.map((l) => JSON.parse(l).msg)).toEqual(['started', 'request completed', 'failed']);
      expect(linesOf(file.file).map((l) => l.msg)).toEqual(['started', 'request completed', 'failed']);
      expect(fs.readFileSync(file.file, 'utf8')).toBe(stdout.written.join(''));
      // The folder is created; the file is the console user's alone.
      expect(fs.statSync(file.file).mode & 0o777).toBe(0o600);
    } finally {
      file.close();
    }
  });

  it('rotates to <file>.1 past its size, keeping one old file, and when it is opened already too large', async () => {
    const name = path.join(dir, 'rotate', 'console.log');
    // Checked by hand below: the minute's timer never fires in this test.
    const file = new RotatingLogFile(name, 1000, 3_600_000);
    try {
      const logger = createLogger('info', file);
      for (let i = 0; i < 20; i++) logger.info(`first ${i} ${'x'.repeat(50)}`);
      await flushed(file);
      expect(fs.existsSync(`${name}.1`)).toBe(false);
      expect(await file.rotateIfLarge()).toBe(true);
      logger.info('after the first rotation');
      await flushed(file);
      expect(linesOf(`${name}.1`).map((l) => l.msg)).toEqual(Array.from({ length: 20 }, (_, i) => `first ${i} ${'x'.repeat(50)}`));
      expect(linesOf(name).map((l) => l.msg)).toEqual(['after the first rotation']);
      expect(fs.statSync(name).mode & 0o777).toBe(0o600);
      // Under the size: nothing happens.
      expect(await file.rotateIfLarge()).toBe(false);
      for (let i = 0; i < 20; i++) logger.info(`second ${i} ${'y'.repeat(50)}`);
      await flushed(file);
      expect(await file.rotateIfLarge()).toBe(true);
      logger.info('after the second rotation');
      await flushed(file);
      // One old file: the second replaced the first.
      expect(linesOf(`${name}.1`)[0].msg).toBe('after the first rotation');
      expect(fs.existsSync(`${name}.2`)).toBe(false);
      expect(linesOf(name).map((l) => l.msg)).toEqual(['after the second rotation']);
    } finally {
      file.close();
    }

    // A file left larger than the size by an earlier run (and readable by others) is rotated when it is opened.
    fs.writeFileSync(name, 'z'.repeat(2000), { mode: 0o644 });
    const reopened = new RotatingLogFile(name, 1000, 3_600_000);
    try {
      expect(fs.readFileSync(`${name}.1`, 'utf8')).toBe('z'.repeat(2000));
      createLogger('info', reopened).info('fresh');
      await flushed(reopened);
      expect(linesOf(name).map((l) => l.msg)).toEqual(['fresh']);
      expect(fs.statSync(name).mode & 0o777).toBe(0o600);
    } finally {
      reopened.close();
    }
  });
});
