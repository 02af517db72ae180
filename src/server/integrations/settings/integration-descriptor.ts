import type { z } from 'zod';

/** One setting of an outside system. */
export interface IntegrationField {
  /** Write-only: stored and used, never presented (the wire says `<name>_set` instead). */
  secret: boolean;
  /** The environment variable that gives its initial value (read by env.ts, handed over by name). */
  env: string;
  /** A URL the server connects to: a literal cloud metadata host is refused unless allowed in Settings. */
  isUrl?: boolean;
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
