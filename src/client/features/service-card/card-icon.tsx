import type { ComponentProps } from 'react';

/**
 * The Lucide drawings a service card uses (lucide-react 1.x, ISC licence), as the shapes inside Lucide's 24 x 24
 * stroked SVG. A card repeats them a thousand times on a large dashboard: drawn as Lucide's inline SVG they were 32
 * of a card's 58 elements (an svg with a child per stroke), each built again by React on every render.
 */
const SHAPES = {
  globe:
    '<circle cx="12" cy="12" r="10"/><path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"/><path d="M2 12h20"/>',
  info: '<circle cx="12" cy="12" r="10"/><path d="M12 16v-4"/><path d="M12 8h.01"/>',
  'refresh-cw':
    '<path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8"/><path d="M21 3v5h-5"/><path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16"/><path d="M8 16H3v5"/>',
  clock: '<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>',
  'external-link':
    '<path d="M15 3h6v6"/><path d="M10 14 21 3"/><path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>',
  pencil:
    '<path d="M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z"/><path d="m15 5 4 4"/>',
  trash:
    '<path d="M10 11v6"/><path d="M14 11v6"/><path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6"/><path d="M3 6h18"/><path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2"/>',
  'grip-vertical':
    '<circle cx="9" cy="12" r="1"/><circle cx="9" cy="5" r="1"/><circle cx="9" cy="19" r="1"/><circle cx="15" cy="12" r="1"/><circle cx="15" cy="5" r="1"/><circle cx="15" cy="19" r="1"/>',
} as const;

export type CardIconName = keyof typeof SHAPES;

/** The drawing as a CSS mask over the element's text colour, so it takes `currentColor` as Lucide's strokes do. */
function maskRule(name: string, shapes: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</svg>`;
  const image = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
  return `.card-icon-${name}{background-color:currentColor;mask:${image} 0 0/100% 100% no-repeat;-webkit-mask:${image} 0 0/100% 100% no-repeat}`;
}

/**
 * The masks as one style sheet with a class per icon, added to the page on first use. Set inline on every icon,
 * the same long style was parsed again for each of thousands of elements (a fifth of the script time of a
 * 5,000-card page went to setting styles); a class costs each icon nothing.
 */
let hasSheet = false;
function ensureSheet(): void {
  if (hasSheet || typeof document === 'undefined') return;
  hasSheet = true;
  const sheet = document.createElement('style');
  sheet.dataset.cardIcons = '';
  sheet.textContent = Object.entries(SHAPES)
    .map(([name, shapes]) => maskRule(name, shapes))
    .join('\n');
  document.head.append(sheet);
}

/**
 * A Lucide icon drawn by a single element: a decorative span (aria-hidden) masked with the icon's drawing. Size it
 * with a `size-*` class, colour it with a text colour.
 */
export function CardIcon({ name, className, ...props }: { name: CardIconName } & ComponentProps<'span'>) {
  ensureSheet();
  // Joined, not merged (cn): callers add only size, colour and margin classes, and a page draws thousands of these.
  const classes = `inline-block shrink-0 card-icon-${name}${className ? ` ${className}` : ''}`;
  return <span aria-hidden="true" className={classes} {...props} />;
}
