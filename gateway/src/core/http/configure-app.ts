import { ValidationPipe } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type cookieParserFn from 'cookie-parser';
import type expressNs from 'express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { backendVersion } from '../observability/version';
import { toErrorBody } from './exception.filter';
import { ExpressHttpAdapter } from './http-adapter';
import { refuseDeepJson } from './json-depth';
import { requestPipeline } from './request-pipeline';
import { securityHeaderList } from './security-headers';
import { mountDocs, mountSpa } from './spa';

/**
 * Everything about the HTTP surface that is not a route: body limits, JSON errors from the parsers, cookies,
 * validation, OpenAPI, metrics, and the SPA. Shared by main.ts and the API tests so both serve the same app.
 */
/** Content types read as a YAML document. */
export const YAML_CONTENT_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

export function configureApp(
  app: NestExpressApplication,
  config: AppConfig,
  deps: { express: typeof expressNs; cookieParser: typeof cookieParserFn; logger?: Logger },
): void {
  const server = app.getHttpAdapter().getInstance() as expressNs.Express;
  server.disable('x-powered-by');
  // TRUST_PROXY (default loopback): only these peers may say who the client is through X-Forwarded-For.
  server.set('trust proxy', config.trustProxy);
  // Security headers, request metric and log, cookies and body parsers, as one layer (request-pipeline.ts).
  app.use(
    requestPipeline({
      securityHeaders: securityHeaderList(config),
      logger: deps.logger,
      cookies: deps.cookieParser(),
      bodyParsers: [
        deps.express.json({
          limit: config.bodyLimitBytes,
          type: ['application/json', 'application/*+json'],
          strict: false,
          // Deep nesting would reach recursive code (the write builder, validation) and end in a RangeError.
          verify: refuseDeepJson(config.bodyMaxDepth),
        }),
        deps.express.urlencoded({ limit: config.bodyLimitBytes, extended: false }),
        // A raw YAML document (`kubectl`-style clients send `Content-Type: application/yaml`) reaches a route as
        // `{yaml: text}`, the shape the document routes (POST /api/canaries, later scrapers, playbooks, topologies) take.
        deps.express.text({ limit: config.bodyLimitBytes, type: YAML_CONTENT_TYPES }),
        (req: Request, _res: Response, next: NextFunction) => {
          if (typeof req.body === 'string' && req.is(YAML_CONTENT_TYPES)) req.body = { yaml: req.body };
          next();
        },
      ],
    }),
  );
  // Parser errors (too large, malformed JSON) answer in the same JSON shape as every other error.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    const body = toErrorBody(err);
    res.status(body.statusCode).json(body);
  });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true, forbidNonWhitelisted: false }));

  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Operations console API')
      .setVersion(backendVersion())
      .addCookieAuth('console_session')
      .addBasicAuth()
      .addBearerAuth()
      .build(),
  );
  // Behind the API's routes (see ExpressHttpAdapter.registerAfterRoutes); at once on another adapter.
  const adapter = app.getHttpAdapter();
  const afterRoutes = (register: () => void) => (adapter instanceof ExpressHttpAdapter ? adapter.registerAfterRoutes(register) : register());
  afterRoutes(() => {
    SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/docs-json' });
    mountDocs(server, config.docsDir);
    mountSpa(server, config.webDist, (msg) => deps.logger?.info(msg));
  });
}
