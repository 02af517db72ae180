/** Texts of the API reference page (issue 15); SPEC has none for it. */
export const API_REFERENCE_TEXT = {
  title: 'API reference',
  description: 'Every route of this server, its parameters, bodies and answers, from the OpenAPI document.',
  authentication:
    'Browsers use their session. Scripts send an API key (Settings > API keys) as "Authorization: Bearer <key>" on the routes that name a key scope; an admin key also reads what a read key reads.',
  download: 'Download openapi.json',
  filterLabel: 'Filter routes',
  filterPlaceholder: 'Path, summary or group',
  noMatch: 'No route matches the filter.',
  loadFailed: 'The API reference could not be loaded.',
  retry: 'Try again',
  open: 'API reference',
  loading: 'Loading the API reference',
  parameters: 'Parameters',
  requestBody: 'Request body',
  answers: 'Answers',
  noFields: 'No fields.',
  keyScope: (scope: string) => `key: ${scope}`,
  noKeys: 'no API keys',
  required: 'required',
  optional: 'optional',
  count: (shown: number, total: number) => (shown === total ? `${total} routes` : `${shown} of ${total} routes`),
} as const;
