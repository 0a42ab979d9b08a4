export { ADDRESS_POLICY, AddressPolicy, OutboundRefused, isLocal, type AddressPolicyOptions, type OutboundTarget } from './address-policy';
export { CredentialLedger, REDACTED, originOf, redactUrlPasswords } from './credential-ledger';
export { RunGuard, toTarget } from './outbound-guard';
export {
  OUTBOUND_MAX_BYTES,
  OUTBOUND_TIMEOUT_MS,
  OutboundConnection,
  OutboundError,
  OutboundHttp,
  PeerError,
  peerMessage,
  type OutboundRequest,
  type OutboundResponse,
  type OutboundTls,
  type PeerRequest,
  type PeerResponse,
} from './outbound-http';
export { OutboundModule } from './outbound.module';
