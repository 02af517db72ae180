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
  /** A secret's placeholder and hint once an address field differs from the stored one. */
  secretAgain: 'Enter again for the new address',
  secretAgainHint: 'A saved secret is only sent to the address it was saved with.',
} as const;
