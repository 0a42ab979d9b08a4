/**
 * NTLM message building from the maintained `httpntlm` package (its `ntlm.js`: type 1, parse type 2, type 3, with
 * NTLMv2 responses when the server offers extended security and target info); axios has no NTLM. Only the messages
 * come from it: the exchange itself is two requests through the one outbound client (`OutboundHttp`) on one shared
 * connection, so every request still goes through the run's outbound guard, deadline and size cap.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ntlm = require('httpntlm/ntlm') as {
  createType1Message(options: NtlmOptions): string;
  parseType2Message(header: string, fail: (error: Error) => void): Type2Message | undefined;
  createType3Message(type2: Type2Message, options: NtlmOptions): string;
};

export interface NtlmOptions {
  username: string;
  password: string;
  domain: string;
  workstation: string;
}

export interface Type2Message {
  negotiateFlags: number;
  targetInfo?: Buffer;
  [key: string]: unknown;
}

/** NTLMSSP_NEGOTIATE_EXTENDED_SESSIONSECURITY: with it (and target info) the responses are NTLMv2. */
const EXTENDED_SECURITY = 0x00080000;

/** `DOMAIN\user` or `user@domain` → the parts NTLM sends. */
export function ntlmCredentials(username: string, password: string): NtlmOptions {
  const backslash = username.indexOf('\\');
  if (backslash > 0) return { domain: username.slice(0, backslash), username: username.slice(backslash + 1), password, workstation: '' };
  return { domain: '', username, password, workstation: '' };
}

export function negotiateHeader(options: NtlmOptions): string {
  return ntlm.createType1Message(options);
}

/**
 * The `Authorization` value answering the server's challenge (`WWW-Authenticate: NTLM <base64>`). Version 1 answers
 * with NTLMv1 responses whatever the server offers; version 2 needs the server to offer NTLMv2 and says so otherwise.
 */
export function authenticateHeader(challenge: string, options: NtlmOptions, version: 1 | 2): string {
  let failure: Error | null = null;
  const type2 = ntlm.parseType2Message(challenge, (error) => (failure = error));
  if (failure || !type2) throw new Error(`NTLM: the server's challenge could not be read${failure ? ` (${(failure as Error).message})` : ''}`);
  if (version === 2 && (!(type2.negotiateFlags & EXTENDED_SECURITY) || !type2.targetInfo)) {
    throw new Error('NTLMv2: the server did not offer NTLMv2 (no extended security or target info in its challenge)');
  }
  const message = version === 1 ? { ...type2, negotiateFlags: type2.negotiateFlags & ~EXTENDED_SECURITY } : type2;
  return ntlm.createType3Message(message, options);
}
