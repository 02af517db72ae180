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
  /**
   * Lower-case substrings of unrelated organisations whose names contain an alias ("Orange County ...", Argentine
   * telephone cooperatives): a name holding one is not this brand. Lets a short alias that is the provider's
   * whole name in GeoLite2 ("Orange", "CELLCO") stay an alias.
   */
  except?: readonly string[];
}

function iconBrand(
  name: string,
  icon: SimpleIcon,
  aliases: readonly string[],
  options: { glyphPx?: number; except?: readonly string[] } = {},
): IspBrand {
  const mark: IspMark = { kind: 'icon', path: icon.path, glyphPx: options.glyphPx ?? GLYPH_PX };
  return { name, mark, color: `#${icon.hex}`, aliases, except: options.except };
}

function letterBrand(
  name: string,
  initials: string,
  color: string,
  aliases: readonly string[],
  except?: readonly string[],
): IspBrand {
  return { name, mark: { kind: 'lettermark', initials }, color, aliases, except };
}

// Aliases were checked against the ~81,000 network names in the bundled ASN data (@ip-location-db/asn) and against
// GeoLite2's handle-style names ("COMCAST-7922", "ATT-INTERNET4", "CHARTER-20115", "TWC-11426-CAROLINAS", "UUNET",
// "CELLCO", "AMAZON-02"). Short aliases that also occur inside unrelated names are spelled out, e.g. 'virgin'
// ("Virginia ..."), 'aws' (Polish "Warszawskie"), 'amazon' ("Amazonas"), 'att services' ("Hyatt Services"), 'lumen'
// ("Lumentum"), 'charter' ("Standard Chartered"), 'spectrum' ("Spectrum Health"), 'starlink' (five unrelated
// companies; SpaceX's network is "Space Exploration Technologies Corporation"), 'azure' ("Mazurek"), 'sfr'
// ("vpsFree"); or keep a short alias with `except` for the unrelated names found.
/** About 33 providers, most specific first so e.g. 'deutsche telekom' wins before a generic alias. */
export const ISP_BRANDS: readonly IspBrand[] = [
  letterBrand('Comcast Xfinity', 'Xf', '#6138f5', ['comcast', 'xfinity'], ['comcast-srl']),
  // Time Warner Cable (GeoLite2 "TWC-<asn>-<region>") is part of Charter since 2016.
  letterBrand('Charter Spectrum', 'Sp', '#0099d8', ['charter communications', 'charter-', 'twc-', 'time warner cable']),
  iconBrand('AT&T', siAtandt, ['at&t', 'att-internet', 'att-mobility']),
  // Verizon Wireless is Cellco Partnership; UUNET (AS701) is Verizon Business's backbone.
  iconBrand('Verizon', siVerizon, ['verizon', 'cellco', 'uunet'], { except: ['cellcom'] }),
  letterBrand('T-Mobile', 'T', '#e20074', ['t-mobile', 'tmobile']),
  letterBrand('Cox', 'Cx', '#00a3e0', ['cox communications', 'cox cable']),
  letterBrand(
    'CenturyLink Lumen',
    'Lu',
    '#0047bb',
    ['centurylink', 'lumen technologies', 'level 3 communications', 'level 3 parent', 'level3'],
    ['level3 carrier', 'level365', 'level3wireless'],
  ),
  letterBrand('Frontier', 'Fr', '#ff0037', ['frontier communications', 'frontier-']),
  iconBrand('Google Fiber', siGoogle, ['google fiber']),
  iconBrand('Starlink', siSpacex, ['space exploration technologies', 'spacex'], {
    glyphPx: 20,
    except: ['spacex online'],
  }),
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
  // GeoLite2 names Orange's French network just "Orange"; the exceptions are the US county, towns and others.
  iconBrand('Orange', siOrange, ['orange'], {
    except: [
      'orange county',
      'county of orange',
      'orangeburg',
      'orangeville',
      'orange lake',
      'orange garden',
      'orange city',
      'orange sun',
      'orange unified',
      'orange water',
      'orange regional',
      'college - orange',
      'a small orange',
      'blueorange',
      'morange',
      'orangehost',
      'orange broadband co',
      'orange llc',
      'orange group hh',
      'orange technology management',
      'orange-palestine',
    ],
  }),
  iconBrand('BT', siBt, ['british telecom', 'bt public', 'bt group']),
  iconBrand('Sky', siSky, ['sky uk'], { glyphPx: 18, except: ['sky ukrain'] }),
  iconBrand('Virgin Media', siVirginmedia, ['virgin media'], { glyphPx: 18 }),
  // 'telefonica' is also Spanish for "telephone": Argentine cooperatives and unrelated carriers are excepted.
  iconBrand('Telefónica Movistar', siTelefonica, ['telefonica', 'telefónica', 'movistar'], {
    except: ['coop', 'telefonicas', 'wicom telefonica', 'telefonica celular', 'telefonica del sur'],
  }),
  letterBrand('Free', 'Fe', '#cd1e25', ['free sas', 'free mobile', 'proxad']),
  letterBrand('SFR', 'SF', '#e2001a', ['societe francaise du radiotelephone']),
  letterBrand('Bouygues', 'By', '#00a9e0', ['bouygues']),
  letterBrand('Swisscom', 'Sc', '#001155', ['swisscom']),
  letterBrand('KPN', 'KP', '#00c300', ['kpn'], ['ykpn']),
  letterBrand('Telstra', 'Ts', '#0099f8', ['telstra']),
  letterBrand('Optus', 'Op', '#008a8c', ['optus'], ['toptus']),
  letterBrand('Rogers', 'Ro', '#da291c', ['rogers communications', 'rogers-communications']),
  letterBrand('Bell', 'Be', '#00549a', ['bell canada', 'bell mobility', 'bell aliant']),
  letterBrand('Shaw', 'Sh', '#0a6ebd', ['shaw communications', 'shaw cable']),
  iconBrand('Hetzner', siHetzner, ['hetzner']),
  iconBrand('OVH', siOvh, ['ovh'], { glyphPx: 18 }),
  iconBrand('DigitalOcean', siDigitalocean, ['digitalocean', 'digital ocean']),
  letterBrand('Amazon AWS', 'AW', '#ff9900', [
    'amazon.com',
    'amazon-',
    'amazon data services',
    'amazon technologies',
    'amazon web services',
  ]),
  iconBrand('Cloudflare', siCloudflare, ['cloudflare'], { glyphPx: 19 }),
  letterBrand('Microsoft Azure', 'Az', '#0078d4', ['microsoft']),
];

/** The first brand with an alias in the ISP text and none of its exceptions (case-insensitive), or null. */
export function findIspBrand(isp: string): IspBrand | null {
  const needle = isp.toLowerCase();
  return (
    ISP_BRANDS.find(
      (brand) =>
        brand.aliases.some((alias) => needle.includes(alias)) &&
        !brand.except?.some((unrelated) => needle.includes(unrelated)),
    ) ?? null
  );
}
