export { AddressPolicy, OutboundRefused, isLocal, type AddressPolicyOptions, type OutboundTarget } from './address-policy';
export { CredentialLedger, REDACTED, originOf, redactUrlPasswords } from './credential-ledger';
export { RunGuard, toTarget } from './outbound-guard';

/** Nest token of the console's one `AddressPolicy` (built in CoreModule from the config and the database URL). */
export const ADDRESS_POLICY = Symbol('ADDRESS_POLICY');
