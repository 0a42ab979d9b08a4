/**
 * A real OpenID provider (panva's certified oidc-provider) on loopback, for the single sign-on API tests. Run as a
 * child process (the library is ESM); oidc-provider.ts starts it and reads the first stdout line:
 * `{"issuer": "http://127.0.0.1:<port>"}`.
 *
 * Configured by OIDC_TEST_CONFIG (JSON): { clients: [...client metadata], accounts: { id: { password, claims } },
 * resources: { "<resource indicator>": { scope } } }. PKCE (S256) is required, access tokens for a resource indicator
 * are JWTs (RS256), client_credentials is on. Sign-in is a plain HTML form (no devInteractions); consent is given
 * automatically. Test-only routes under /__test: PUT /__test/accounts/:id (change an account's password or claims),
 * POST /__test/sign {payload, alg} (a JWT signed with the provider's own key, for expired or foreign tokens).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import { SignJWT, importJWK } from 'jose';
import Provider, { errors } from 'oidc-provider';

const config = JSON.parse(process.env.OIDC_TEST_CONFIG ?? '{}');
const accounts = new Map(Object.entries(config.accounts ?? {}));
const resources = config.resources ?? {};

const rsa = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'rsa-1', alg: 'RS256', use: 'sig' };
const ec = { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), kid: 'ec-1', alg: 'ES256', use: 'sig' };

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: config.clients ?? [],
  jwks: { keys: [rsa, ec] },
  cookies: { keys: ['loopback-provider-cookie-key'] },
  pkce: { methods: ['S256'], required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'roles', 'orgs'] },
  scopes: ['openid', 'offline_access', 'api'],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: (_ctx, _client, oneOf) => oneOf,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource) => {
        if (!resources[resource]) throw new errors.InvalidTarget();
        return {
          scope: resources[resource].scope ?? 'api',
          audience: resource,
          accessTokenTTL: 3600,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  },
  async findAccount(_ctx, id) {
    const account = accounts.get(id);
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account.claims }) };
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  renderError(ctx, out) {
    ctx.type = 'json';
    ctx.body = out;
  },
});

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const loginForm = (uid, message = '') =>
  `<!doctype html><title>Sign in</title>${message ? `<p role="alert">${escape(message)}</p>` : ''}` +
  `<form method="post" action="/interaction/${escape(uid)}/login"><input name="login"><input name="password" type="password"><button>Sign in</button></form>`;

async function body(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res, status, type, text) {
  res.writeHead(status, { 'content-type': type });
  res.end(text);
}

/** Gives the consent the provider asks for: every missing scope, claim and resource scope. */
async function grantConsent(req, res, details) {
  const { prompt, params, session } = details;
  const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

async function interaction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return send(res, 400, 'text/plain', 'interaction mismatch');
  if (details.prompt.name === 'consent') return grantConsent(req, res, details);
  if (req.method === 'GET') return send(res, 200, 'text/html', loginForm(uid));
  if (action !== 'login') return send(res, 404, 'text/plain', 'not found');
  const form = new URLSearchParams(await body(req));
  const account = accounts.get(form.get('login') ?? '');
  if (!account || account.password !== form.get('password')) return send(res, 200, 'text/html', loginForm(uid, 'Invalid login'));
  await provider.interactionFinished(req, res, { login: { accountId: form.get('login') } }, { mergeWithLastSubmission: false });
}

async function testRoute(req, res, path) {
  const account = path.match(/^\/__test\/accounts\/([^/]+)$/);
  if (req.method === 'PUT' && account) {
    accounts.set(decodeURIComponent(account[1]), JSON.parse(await body(req)));
    return send(res, 204, 'text/plain', '');
  }
  if (req.method === 'POST' && path === '/__test/sign') {
    const { payload, alg = 'RS256' } = JSON.parse(await body(req));
    const jwk = alg === 'ES256' ? ec : rsa;
    const token = await new SignJWT(payload).setProtectedHeader({ alg, kid: jwk.kid, typ: 'at+jwt' }).sign(await importJWK(jwk, alg));
    return send(res, 200, 'application/json', JSON.stringify({ token }));
  }
  send(res, 404, 'text/plain', 'not found');
}

const handle = provider.callback();
server.on('request', (req, res) => {
  const path = new URL(req.url, issuer).pathname;
  const match = path.match(/^\/interaction\/([^/]+)(?:\/(\w+))?$/);
  const work = match ? interaction(req, res, match[1], match[2]) : path.startsWith('/__test/') ? testRoute(req, res, path) : handle(req, res);
  Promise.resolve(work).catch((error) => {
    if (!res.headersSent) send(res, 500, 'text/plain', String(error?.message ?? error));
  });
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
