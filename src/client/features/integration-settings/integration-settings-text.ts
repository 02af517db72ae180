import type { IntegrationSource } from '#shared/schemas/integrations';

/** The texts one integration's settings form shows (its own names, its secret, where the values come from). */
export interface IntegrationText {
  saved: string;
  saveFailed: string;
  secretKept: string;
  secretHint: string;
  source: Record<IntegrationSource, string>;
}

/** Texts every integration form shares. */
export const INTEGRATION_FORM_TEXT = {
  testButton: 'Test connection',
  testHint: 'Tests the values above, saved or not.',
} as const;
