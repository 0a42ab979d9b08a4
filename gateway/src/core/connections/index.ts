export { ConnectionsCoreModule } from './connections-core.module';
export { ConnectionStore, type ConnectionSummary } from './connection-store';
export { handlerConnection } from './handler-connection';
export { CONNECTION_TESTS, type ConnectionRequirement, type ConnectionTest } from './connection-test';
export { ConnectionApi, PeerError, peerMessage, type ConnectionApiOptions, type ConnectionAuth, type PeerRequest, type PeerResponse } from './peer-http';
export { loadConnectionKey } from './connection-key';
export { smtpFrom, smtpTransportOptions, type SmtpEncryption, type SmtpTransportOptions } from './smtp';
export { connectionString, recordConnectionSecrets, resolveSecretRef, secretResolver, type ConnectionLookup } from './secret-refs';
