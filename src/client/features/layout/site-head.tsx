import { useEffect } from 'react';
import { DEFAULT_FONT_FAMILY } from '#shared/constants';
import { useSiteSettings } from '../../hooks/use-site-settings';

const DEFAULT_FAVICON = '/favicon.svg';

// Font names come from an admin-edited setting; keep only characters a family name needs
// so the value can't break out of the CSS custom property.
function toCssFontFamily(name: string): string {
  const clean = name.replace(/[^\p{L}\p{N} _-]/gu, '').trim();
  return `'${clean || DEFAULT_FONT_FAMILY}'`;
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  // Let the browser sniff the type: a configured favicon may be PNG, ICO or SVG.
  if (href !== DEFAULT_FAVICON) link.removeAttribute('type');
  link.href = href;
}

/** Applies site settings to the document: title, favicon and font family. Renders nothing. */
export function SiteHead() {
  const { settings } = useSiteSettings();
  const { site_title: title, favicon_url: faviconUrl, font_family: fontFamily } = settings;

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    setFavicon(faviconUrl || DEFAULT_FAVICON);
  }, [faviconUrl]);

  useEffect(() => {
    // No web font is downloaded: the family is used when installed locally, else the system stack follows.
    document.documentElement.style.setProperty('--app-font', toCssFontFamily(fontFamily));
  }, [fontFamily]);

  return null;
}
