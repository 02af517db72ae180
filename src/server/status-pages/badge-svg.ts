/**
 * Shields-style badges drawn here (no outside service, no template engine): a grey label and a coloured message.
 * The SVG holds only shapes and text; every text is XML-escaped, and there is no script, link or foreign object.
 */

export const BADGE_COLORS = {
  green: '#2e7d32',
  yellowGreen: '#689f38',
  yellow: '#b58900',
  orange: '#e65100',
  red: '#c62828',
  blue: '#1565c0',
  grey: '#616161',
} as const;

// Approximate advance widths of Verdana 11 px (what shields.io measures with), by character class.
const NARROW = new Set([..."fijlrt.,:;!|()[]' "]);
const WIDE = new Set([...'mwMW%@']);

/** The rendered width of `text` in px, close enough to size the badge's boxes. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (NARROW.has(char)) width += 3.9;
    else if (WIDE.has(char)) width += 10.5;
    else if (char >= 'A' && char <= 'Z') width += 7.6;
    else width += 6.9;
  }
  return Math.ceil(width);
}

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A badge: `label` on grey, `message` on `color` (a hex colour from BADGE_COLORS). */
export function renderBadge(label: string, message: string, color: string): string {
  const labelWidth = textWidth(label) + 10;
  const messageWidth = textWidth(message) + 10;
  const width = labelWidth + messageWidth;
  const l = escapeXml(label);
  const m = escapeXml(message);
  const title = `${l}: ${m}`;
  const labelX = labelWidth / 2;
  const messageX = labelWidth + messageWidth / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>` +
    `<stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${labelWidth}" height="20" fill="#555"/>` +
    `<rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${escapeXml(color)}"/>` +
    `<rect width="${width}" height="20" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="${labelX}" y="15" fill="#010101" fill-opacity=".3">${l}</text>` +
    `<text x="${labelX}" y="14">${l}</text>` +
    `<text x="${messageX}" y="15" fill="#010101" fill-opacity=".3">${m}</text>` +
    `<text x="${messageX}" y="14">${m}</text></g></svg>`
  );
}

/** The colour of an uptime percentage: green from 99.9 %, then yellow-green, yellow, orange, red below 90 %. */
export function uptimeColor(percent: number | null): string {
  if (percent === null) return BADGE_COLORS.grey;
  if (percent >= 99.9) return BADGE_COLORS.green;
  if (percent >= 99) return BADGE_COLORS.yellowGreen;
  if (percent >= 97) return BADGE_COLORS.yellow;
  if (percent >= 90) return BADGE_COLORS.orange;
  return BADGE_COLORS.red;
}
