import type { Request, Response } from 'express';
import pino from 'pino';
import { createLogger, logRequest, wantsRequestLog } from './logger';

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
