/**
 * The monitor's target policy (cloud metadata addresses refused unless allowed in Settings) is the one address
 * policy of lib/address-policy.ts, shared with game-server queries and integrations; the monitor's names for it
 * are kept here.
 */
export { isMetadataUrl, literalAddress, metadataTargetPolicy, type TargetPolicy } from '../lib/address-policy.ts';
