// Draws the PWA icons (public/icons/*.png) once with sharp: the favicon's server glyph on the dark theme's
// background. Run `node scripts/make-pwa-icons.mjs` after changing the design and commit the PNGs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const BACKGROUND = '#090d16'; // --background of the dark theme
const CARD = '#111620'; // --card of the dark theme
const PRIMARY = '#427ff7'; // --primary of the dark theme

/** The favicon's two-rack server glyph, drawn in a 24-unit box. */
const GLYPH = `
  <rect width="20" height="8" x="2" y="2" rx="2" ry="2"/>
  <rect width="20" height="8" x="2" y="14" rx="2" ry="2"/>
  <line x1="6" x2="6.01" y1="6" y2="6"/>
  <line x1="6" x2="6.01" y1="18" y2="18"/>`;

// `glyphScale` is the glyph's share of the icon: maskable icons keep it inside the 80% safe circle.
function svg({ isMaskable, glyphScale }) {
  const size = 512;
  const glyph = size * glyphScale;
  const offset = (size - glyph) / 2;
  const plate = isMaskable
    ? `<rect width="${size}" height="${size}" fill="${BACKGROUND}"/>`
    : `<rect x="16" y="16" width="${size - 32}" height="${size - 32}" rx="112" fill="${BACKGROUND}" stroke="${CARD}" stroke-width="8"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <radialGradient id="glow" cx="50%" cy="40%" r="60%">
      <stop offset="0" stop-color="${PRIMARY}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${PRIMARY}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  ${plate}
  <circle cx="256" cy="236" r="${isMaskable ? 200 : 190}" fill="url(#glow)"/>
  <g transform="translate(${offset} ${offset}) scale(${glyph / 24})" fill="none" stroke="${PRIMARY}"
     stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${GLYPH}</g>
</svg>`;
}

const targets = [
  { file: 'icon-192.png', size: 192, isMaskable: false, glyphScale: 0.56 },
  { file: 'icon-512.png', size: 512, isMaskable: false, glyphScale: 0.56 },
  { file: 'icon-maskable-512.png', size: 512, isMaskable: true, glyphScale: 0.46 },
];

for (const { file, size, isMaskable, glyphScale } of targets) {
  await sharp(Buffer.from(svg({ isMaskable, glyphScale })))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));
  console.log(`wrote public/icons/${file}`);
}
