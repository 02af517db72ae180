// Built-in ISP list for the Login Attempts dialog. Brands with an icon in simple-icons (CC0, bundled: only the
// icons named here are imported, so the build keeps just their paths) are drawn as that glyph in white on a
// circle of the brand colour; the rest as a lettermark (initials, white on the same kind of circle). Both are
// one family, and dark brand colours stay visible in either theme. simple-icons' 'Spectrum' and 'Lumen' are
// other products (a chat site, a PHP framework), so Charter Spectrum and CenturyLink Lumen keep lettermarks.
import {
  siAtandt,
  siBt,
  siCloudflare,
  siDeutschetelekom,
  siDigitalocean,
  siGoogle,
  siHetzner,
  siOrange,
  siOvh,
  siSky,
  siSpacex,
  siTelefonica,
  siVerizon,
  siVirginmedia,
  siVodafone,
  type SimpleIcon,
} from 'simple-icons';

/** A brand icon's glyph box: 15 px of the 27 px circle, like the lettermarks' letters. */
export const GLYPH_PX = 15;

/**
 * How a brand is drawn: a 24x24 SVG path (simple-icons) drawn `glyphPx` wide, or initials. Glyphs much wider
 * than tall (a wordmark, a cloud) are drawn larger, so their box still fits inside the circle the way a 15 px
 * square does (its half-diagonal stays about 10.6 px) and they read as large as the others.
 */
export type IspMark = { kind: 'icon'; path: string; glyphPx: number } | { kind: 'lettermark'; initials: string };

/** One recognisable provider: its mark, the circle colour behind it and the names it goes by. */
export interface IspBrand {
  name: string;
  mark: IspMark;
  color: string;
  /** Lower-case substrings; the ISP text reported by the geo database is matched against each. */
  aliases: readonly string[];
}

function iconBrand(name: string, icon: SimpleIcon, aliases: readonly string[], glyphPx = GLYPH_PX): IspBrand {
  return { name, mark: { kind: 'icon', path: icon.path, glyphPx }, color: `#${icon.hex}`, aliases };
}

function letterBrand(name: string, initials: string, color: string, aliases: readonly string[]): IspBrand {
  return { name, mark: { kind: 'lettermark', initials }, color, aliases };
}

// Aliases were checked against the ~81,000 network names in the bundled ASN data (@ip-location-db/asn): short
// ones that also occur inside unrelated names are spelled out, e.g. 'virgin' ("Virginia ..."), 'aws' (Polish
// "Warszawskie"), 'amazon' ("Amazonas"), 'att services' ("Hyatt Services"), 'lumen' ("Lumentum"), 'charter'
// ("Standard Chartered"), 'sky uk' ("...sky Ukrainian"), 'sfr' ("vpsFree"). 'amazon-' and 'charter-' keep
// GeoLite2's handle-style names ("AMAZON-02", "CHARTER-20115").
/** About 33 providers, most specific first so e.g. 'deutsche telekom' wins before a generic alias. */
export const ISP_BRANDS: readonly IspBrand[] = [
  letterBrand('Comcast Xfinity', 'Xf', '#6138f5', ['comcast', 'xfinity']),
  letterBrand('Charter Spectrum', 'Sp', '#0099d8', ['charter communications', 'charter-', 'spectrum']),
  iconBrand('AT&T', siAtandt, ['at&t', 'att-internet']),
  iconBrand('Verizon', siVerizon, ['verizon']),
  letterBrand('T-Mobile', 'T', '#e20074', ['t-mobile', 'tmobile']),
  letterBrand('Cox', 'Cx', '#00a3e0', ['cox communications', 'cox cable']),
  letterBrand('CenturyLink Lumen', 'Lu', '#0047bb', ['centurylink', 'lumen technologies', 'level 3']),
  letterBrand('Frontier', 'Fr', '#ff0037', ['frontier']),
  iconBrand('Google Fiber', siGoogle, ['google fiber']),
  iconBrand('Starlink', siSpacex, ['starlink', 'spacex'], 20),
  // The group's companies by name: a bare 'telekom' would also match Türk Telekom and hundreds of other networks.
  iconBrand('Deutsche Telekom', siDeutschetelekom, [
    'deutsche telekom',
    'telekom deutschland',
    'magenta telekom',
    'magyar telekom',
    'slovak telekom',
    'hrvatski telekom',
    'makedonski telekom',
    'crnogorski telekom',
  ]),
  iconBrand('Vodafone', siVodafone, ['vodafone']),
  iconBrand('Orange', siOrange, ['orange']),
  iconBrand('BT', siBt, ['british telecom', 'bt public', 'bt group']),
  iconBrand('Sky', siSky, ['sky broadband', 'sky uk limited'], 18),
  iconBrand('Virgin Media', siVirginmedia, ['virgin media'], 18),
  iconBrand('Telefónica Movistar', siTelefonica, ['telefonica', 'telefónica', 'movistar']),
  letterBrand('Free', 'Fe', '#cd1e25', ['free sas', 'free mobile', 'proxad']),
  letterBrand('SFR', 'SF', '#e2001a', ['societe francaise du radiotelephone']),
  letterBrand('Bouygues', 'By', '#00a9e0', ['bouygues']),
  letterBrand('Swisscom', 'Sc', '#001155', ['swisscom']),
  letterBrand('KPN', 'KP', '#00c300', ['kpn']),
  letterBrand('Telstra', 'Ts', '#0099f8', ['telstra']),
  letterBrand('Optus', 'Op', '#008a8c', ['optus']),
  letterBrand('Rogers', 'Ro', '#da291c', ['rogers']),
  letterBrand('Bell', 'Be', '#00549a', ['bell canada', 'bell mobility', 'bell aliant']),
  letterBrand('Shaw', 'Sh', '#0a6ebd', ['shaw communications', 'shaw cable']),
  iconBrand('Hetzner', siHetzner, ['hetzner']),
  iconBrand('OVH', siOvh, ['ovh'], 18),
  iconBrand('DigitalOcean', siDigitalocean, ['digitalocean', 'digital ocean']),
  letterBrand('Amazon AWS', 'AW', '#ff9900', [
    'amazon.com',
    'amazon-',
    'amazon data services',
    'amazon technologies',
    'amazon web services',
  ]),
  iconBrand('Cloudflare', siCloudflare, ['cloudflare'], 19),
  letterBrand('Microsoft Azure', 'Az', '#0078d4', ['microsoft', 'azure']),
];

/** The brand whose alias occurs in the ISP text (case-insensitive), or null when none does. */
export function findIspBrand(isp: string): IspBrand | null {
  const needle = isp.toLowerCase();
  return ISP_BRANDS.find((brand) => brand.aliases.some((alias) => needle.includes(alias))) ?? null;
}
