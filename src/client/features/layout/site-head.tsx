import { useEffect } from 'react';
import { DEFAULT_FONT_FAMILY, DEFAULT_OFFLINE_COLOR, DEFAULT_ONLINE_COLOR } from '#shared/constants';
import { isHexColor } from '#shared/contrast';
import { useSiteSettings } from '../../hooks/use-site-settings';

const DEFAULT_FAVICON = '/favicon.svg';

// The bundled variable Inter (@fontsource-variable/inter) registers itself under this family name.
const BUNDLED_INTER = 'Inter Variable';

// Font names come from an admin-edited setting; keep only characters a family name needs
// so the value can't break out of the CSS custom property. SPEC's default 'Inter' means the bundled copy
// (a locally installed Inter stays the fallback); other names are used when installed locally.
function toCssFontFamily(name: string): string {
  const clean = name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || DEFAULT_FONT_FAMILY;
  return clean.toLowerCase() === DEFAULT_FONT_FAMILY.toLowerCase() ? `'${BUNDLED_INTER}', '${clean}'` : `'${clean}'`;
}

// Colours are validated as #rrggbb when saved; anything else falls back rather than reaching the CSS.
function toCssColor(value: string, fallback: string): string {
  return isHexColor(value) ? value : fallback;
}

function setFavicon(href: string, label: string | null): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  // Let the browser sniff the type: a configured favicon may be PNG, ICO or SVG.
  if (href !== DEFAULT_FAVICON) link.removeAttribute('type');
  link.href = href;
  if (label) link.title = label;
  else link.removeAttribute('title');
}

/** Applies site settings to the document: title, favicon, font family and status colours. Renders nothing. */
export function SiteHead() {
  const { settings } = useSiteSettings();
  const { site_title: title, favicon_url: faviconUrl, font_family: fontFamily, favicon_label: faviconLabel } = settings;
  const { onlineColor, offlineColor } = settings;

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    setFavicon(faviconUrl || DEFAULT_FAVICON, faviconLabel);
  }, [faviconUrl, faviconLabel]);

  useEffect(() => {
    // Status colours as CSS variables, so any badge or chart can use var(--status-online) without props.
    const { style } = document.documentElement;
    style.setProperty('--status-online', toCssColor(onlineColor, DEFAULT_ONLINE_COLOR));
    style.setProperty('--status-offline', toCssColor(offlineColor, DEFAULT_OFFLINE_COLOR));
  }, [onlineColor, offlineColor]);

  useEffect(() => {
    // Only Inter is shipped; any other family is used when installed locally, else the system stack follows.
    document.documentElement.style.setProperty('--app-font', toCssFontFamily(fontFamily));
  }, [fontFamily]);

  return null;
}
