/**
 * The outbound address policy lives in lib/address-policy.ts, one policy for every connection the server makes
 * to an address someone typed (checks, game-server queries, integrations, channels, image-from-URL); these
 * re-exports keep the HTTP layer's imports where they were.
 */
export { isMetadataAddress, publicAndLanOnly, type AddressPolicy } from '../lib/address-policy.ts';
