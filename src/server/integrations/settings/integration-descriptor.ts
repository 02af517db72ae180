import type { z } from 'zod';
import { INTEGRATION_MSG } from '#shared/schemas/integrations';
import { secretsToReenter } from '../../lib/secret-binding.ts';

/** One setting of an outside system. */
export interface IntegrationField {
  /** Its name in messages, e.g. 'AMP password' ('Enter the AMP password again: ...'). */
  label: string;
  /**
   * Write-only: stored and used, never presented (the wire says `<name>_set` instead). A stored secret is only
   * sent to the address it was saved with: a change of any address field must give it again (lib/secret-binding.ts).
   */
  secret: boolean;
  /** The environment variable that gives its initial value (read by env.ts, handed over by name). */
  env: string;
  /** A URL the server connects to: a literal cloud metadata host is refused unless allowed in Settings. */
  isUrl?: boolean;
  /**
   * Part of where the server connects that is not a URL (a host, a port, a TLS mode). Every `isUrl` field is an
   * address too; together they are what the secrets are bound to.
   */
  address?: boolean;
}

/** Whether a field says where the server connects (the secrets are bound to these). */
export function isAddressField(field: IntegrationField): boolean {
  return field.isUrl === true || field.address === true;
}

/**
 * The first stored secret that a change would carry to another address, with the message asking for it again; null
 * when none (every secret is bound to every address field). Save and test refuse such a change (400); the
 * configuration import lists it among its problems.
 */
export function carriedSecret<F extends string>(
  fields: Readonly<Record<F, IntegrationField>>,
  current: Readonly<Record<F, string | null>>,
  next: Readonly<Record<F, string | null>>,
  patch: Readonly<Partial<Record<F, string | null>>>,
): { field: F; message: string } | null {
  const names = Object.keys(fields) as F[];
  const binding = {
    addressFields: names.filter((name) => isAddressField(fields[name])),
    secretFields: names.filter((name) => fields[name].secret),
  };
  const [field] = secretsToReenter(binding, current, next, patch);
  return field === undefined ? null : { field, message: INTEGRATION_MSG.secretAgain(fields[field].label) };
}

/** What a descriptor's `toConfig` may take into account besides the values. */
export interface IntegrationContext {
  /** The site setting allow_metadata_targets. */
  allowMetadataTargets: boolean;
}

/**
 * Everything the generic integration settings need to know about one outside system (AMP now; Plex, plex.tv and
 * Jellyfin add one descriptor each): its fields, the PATCH contract, how values become the client's config, and
 * how to test a config. Every value is text or null.
 */
export interface IntegrationDescriptor<F extends string, TConfig> {
  /** Row key and route segment, e.g. 'amp'. */
  id: string;
  fields: Record<F, IntegrationField>;
  /** The PATCH body (shared with the browser, so its messages are the contract's). */
  patchSchema: z.ZodType<Partial<Record<F, string | null>>>;
  /** The config in force, or null when the values are not enough to talk to the system. */
  toConfig(values: Record<F, string | null>, context: IntegrationContext): TConfig | null;
  /** Why `toConfig` gave null, for a test of incomplete values. */
  incompleteMessage: string;
  /** The message a refused metadata URL gets. */
  metadataMessage: string;
  /** Connects with a config and answers the success message; throws an IntegrationError with the system's reason. */
  testConnection(config: TConfig): Promise<string>;
}
