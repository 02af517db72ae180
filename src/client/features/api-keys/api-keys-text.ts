import type { ApiKeyScopeName } from '#shared/schemas/api-keys';

/** Texts of the Settings page's API keys section. */
export const API_KEYS_TEXT = {
  title: 'API keys',
  description:
    'Keys for scripts and dashboards (Homepage, Home Assistant, Prometheus), sent as "Authorization: Bearer <key>". A key acts as the admin who created it and can never change accounts.',
  empty: 'No API keys yet.',
  nameLabel: 'Name',
  namePlaceholder: 'Homepage dashboard',
  scopesLabel: 'Scopes',
  create: 'Create key',
  created: 'API key created',
  createFailed: 'Failed to create the API key',
  shownOnce: 'Copy this key now: you will not see it again.',
  copy: 'Copy key',
  copied: 'Copied!',
  copyFailed: 'Could not copy the key; select it and copy it by hand.',
  done: 'Done',
  revoke: 'Revoke',
  revokeTitle: 'Revoke API key',
  revokeDescription: (name: string) =>
    `Revoke "${name}"? Anything using it gets 401 from now on. This cannot be undone.`,
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke the API key',
  neverUsed: 'never used',
  lastUsed: (when: string, ip: string | null) => `last used ${when}${ip ? ` from ${ip}` : ''}`,
  createdBy: (username: string, when: string) => `created by ${username} on ${when}`,
} as const;

/** Each scope as the checkboxes show it. */
export const SCOPE_LABELS: Record<ApiKeyScopeName, { label: string; hint: string }> = {
  read: { label: 'read', hint: 'services, game servers, media summary, status history' },
  metrics: { label: 'metrics', hint: 'GET /metrics (Prometheus)' },
  admin: { label: 'admin', hint: 'administration (includes read), never accounts' },
};
