import http from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';

/**
 * Nest's Express adapter, with a Node server that creates each request and response with Express's prototypes
 * from the start.
 *
 * Express gives every request and response its application's prototypes (`app.request`, `app.response`) with
 * `Object.setPrototypeOf` when it starts handling them. V8 then sees two shapes for every request and response
 * object (before and after), builds new hidden classes for the properties added afterwards, and the property loads of
 * Node's HTTP code and of Express go megamorphic: in a profile of a small data-API list call, about a fifth of the
 * gateway's CPU went to V8's inline-cache misses and map transitions on these objects. Here Node builds the objects
 * as instances of subclasses of IncomingMessage and ServerResponse whose prototypes sit on Express's chain, and
 * those prototypes become the application's: Express's `setPrototypeOf` then finds the prototype in place and
 * changes nothing. Behaviour is Express's own: the same methods and getters, the same order of events.
 */
export class ExpressHttpAdapter extends ExpressAdapter {
  private readonly afterRoutes: Array<() => void> = [];
  private routed = false;

  /**
   * Registers middleware and routes behind the application's own routes (and before Nest's not-found handler), when
   * Nest has registered those: the API docs, the help pages and the SPA. Express tries layers in order, so every API
   * request would otherwise first pass these (a dozen layers) on its way to its route.
   */
  registerAfterRoutes(register: () => void): void {
    if (this.routed) register();
    else this.afterRoutes.push(register);
  }

  override setNotFoundHandler(handler: Parameters<ExpressAdapter['setNotFoundHandler']>[0], prefix?: string): void {
    this.routed = true;
    for (const register of this.afterRoutes.splice(0)) register();
    super.setNotFoundHandler(handler, prefix);
  }

  override initHttpServer(options: NestApplicationOptions): void {
    // HTTPS and forced connection closing stay Nest's (the console does neither: TLS ends at the ingress).
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<{ request: object; response: object }>();
    class ExpressRequest extends http.IncomingMessage {}
    class ExpressResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {}
    app.request = onChain(ExpressRequest, app.request);
    app.response = onChain(ExpressResponse, app.response);
    this.httpServer = http.createServer({ IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse }, this.getInstance());
  }
}

/** Puts `Subclass.prototype` in front of `prototype` (which inherits from the subclass's base) and returns it. */
function onChain(Subclass: { prototype: object }, prototype: object): object {
  const base = Object.getPrototypeOf(Subclass.prototype) as object;
  if (!Object.prototype.isPrototypeOf.call(base, prototype)) throw new Error(`${base.constructor.name}: Express's prototype does not inherit from it`);
  Object.setPrototypeOf(Subclass.prototype, prototype);
  return Subclass.prototype;
}
