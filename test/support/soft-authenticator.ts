import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** Authenticator data flags (WebAuthn §6.1). */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

interface Credential {
  id: Buffer;
  rpId: string;
  privateKey: KeyObject;
  /** The COSE_Key of the public half (ES256 on P-256). */
  cosePublicKey: Uint8Array;
}

/**
 * A software WebAuthn authenticator for API tests: what a browser and a security key together answer to
 * `navigator.credentials.create` / `.get`, built with node:crypto (ECDSA P-256) and CBOR — 'none' attestation,
 * assertions signed over authenticatorData ‖ SHA-256(clientDataJSON), and a signature counter that goes up by one per
 * assertion (or is set by the test, to play a cloned key).
 */
export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];
  /** The signature counter the next assertion reports. */
  counter = 0;

  /** `origin` is what the "browser" puts in clientDataJSON: the page's origin. */
  constructor(readonly origin: string) {}

  get credentialIds(): string[] {
    return this.credentials.map((c) => b64url(c.id));
  }

  /** `startRegistration`'s answer to the server's options. */
  register(options: PublicKeyCredentialCreationOptionsJSON, overrides: { origin?: string; rpId?: string } = {}): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const credential: Credential = { id: randomBytes(32), rpId, privateKey, cosePublicKey };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL]),
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(cosePublicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    this.credentials.push(credential);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }

  /** `startAuthentication`'s answer: an assertion by the first allowed credential this authenticator holds. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, overrides: { origin?: string; counter?: number } = {}): AuthenticationResponseJSON {
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = this.credentials.find((c) => allowed.size === 0 || allowed.has(b64url(c.id)));
    if (!credential) throw new Error('SoftAuthenticator: no credential for these options');
    const counter = overrides.counter ?? ++this.counter;
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([USER_PRESENT | USER_VERIFIED]), uint32(counter)]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(credential.privateKey); // DER-encoded ECDSA, as WebAuthn wants for ES256
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }
}
