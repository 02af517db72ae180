import { isAllowedTrackingCode, trackingScriptSources } from '#shared/tracking-code';

/** One external script of the tracking snippet: its https src and the other attributes the policy allows. */
export interface TrackingScript {
  src: string;
  attributes: [name: string, value: string][];
}

const SCRIPT_TAG = /<script(\s[^>]*)?>\s*<\/script>/gi;
// The attributes docs/decisions/0003-tracking-code.md allows besides src; anything else is dropped.
const ALLOWED_ATTRIBUTE = /\s+(?:(async|defer)(?=[\s>]|$)|(data-[a-z0-9-]+)="([^"<>]*)"|(crossorigin)="(anonymous)")/gi;

function attributesOf(tag: string): [string, string][] {
  const attributes: [string, string][] = [];
  for (const match of tag.matchAll(ALLOWED_ATTRIBUTE)) {
    const [, flag, dataName, dataValue, crossOrigin, crossOriginValue] = match;
    if (flag) attributes.push([flag.toLowerCase(), '']);
    else if (dataName) attributes.push([dataName.toLowerCase(), dataValue ?? '']);
    else if (crossOrigin) attributes.push(['crossorigin', crossOriginValue ?? 'anonymous']);
  }
  return attributes;
}

/**
 * The scripts a tracking snippet asks for, or none when the snippet breaks the policy (the server refuses
 * such a snippet; checking again here means a bad value in the database still never runs).
 */
export function parseTrackingCode(code: string | null | undefined): TrackingScript[] {
  if (!code || !isAllowedTrackingCode(code)) return [];
  const scripts: TrackingScript[] = [];
  for (const [tag] of code.matchAll(SCRIPT_TAG)) {
    const [src] = trackingScriptSources(tag);
    if (src) scripts.push({ src, attributes: attributesOf(tag) });
  }
  return scripts;
}
