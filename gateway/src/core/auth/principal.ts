import type { Role } from '@contracts';

/** Who is calling: resolved by the auth guard from a session cookie, Basic credentials or a Bearer token. */
export interface Principal {
  personId: string;
  email: string;
  name: string;
  roles: Role[];
  via: 'session' | 'basic' | 'token';
  sessionId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}
