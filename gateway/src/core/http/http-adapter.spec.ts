import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { ExpressHttpAdapter } from './http-adapter';

/** The prototypes of each request and response as Node created them, before Express saw them. */
const created = new WeakMap<object, object>();

@Controller()
class ProbeController {
  @Get('probe/:name')
  probe(@Req() req: Request, @Res() res: Response): void {
    const app = req.app as unknown as { request: object; response: object };
    res.json({
      name: req.params.name,
      query: req.query,
      ip: req.ip,
      // Node built the objects with Express's prototypes (seen before Express handled them), and they are still those.
      requestPrototype: created.get(req) === app.request && Object.getPrototypeOf(req) === app.request,
      responsePrototype: created.get(res) === app.response && Object.getPrototypeOf(res) === app.response,
    });
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('ExpressHttpAdapter', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    const adapter = new ExpressHttpAdapter();
    app = await NestFactory.create<NestExpressApplication>(ProbeModule, adapter, { logger: false });
    // Registered now, placed behind the controllers' routes when Nest has added them.
    adapter.registerAfterRoutes(() => {
      adapter.get('/probe/:name', (_req: Request, res: Response) => void res.json({ late: true }));
      adapter.get('/late', (_req: Request, res: Response) => void res.json({ late: true }));
    });
    app.getHttpServer().prependListener('request', (req: object, res: object) => {
      created.set(req, Object.getPrototypeOf(req) as object);
      created.set(res, Object.getPrototypeOf(res) as object);
    });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(() => app.close());

  it("serves requests with Express's own request and response prototypes from the start", async () => {
    const res = await fetch(`${base}/probe/x?a=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ name: 'x', query: { a: '1' }, ip: '127.0.0.1', requestPrototype: true, responsePrototype: true });
  });

  it('serves what registerAfterRoutes added, behind the routes of the controllers', async () => {
    expect(await (await fetch(`${base}/late`)).json()).toEqual({ late: true });
    expect(await (await fetch(`${base}/probe/y`)).json()).toMatchObject({ name: 'y' });
  });

  it('answers unknown routes as Nest does', async () => {
    const res = await fetch(`${base}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404 });
  });
});
