// WCAG 2 contrast arithmetic for colours admins configure (status badges): text on them must stay readable.

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** True for a #rrggbb colour, the only form the settings accept. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** The WCAG 2 relative luminance (0 for black, 1 for white) of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  if (!isHexColor(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG 2 contrast ratio of two #rrggbb colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Black or white, whichever contrasts more with the background (ties go to white). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') > contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}
