/** A Vary header value with `field` added once (case-insensitively), keeping what was there. */
export function addVary(current: unknown, field: string): string {
  const existing = typeof current === 'string' ? current : Array.isArray(current) ? current.map(String).join(', ') : '';
  const fields = existing
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (fields.some((entry) => entry === '*' || entry.toLowerCase() === field.toLowerCase())) return fields.join(', ');
  return [...fields, field].join(', ');
}
