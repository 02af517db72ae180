// Built-in ISP list for the Login Attempts dialog. Each brand is drawn as a lettermark (initials on a
// coloured circle) so no third-party logo files are shipped; colours only hint at the brand.

/** One recognisable provider: the lettermark it is drawn with and the names it goes by. */
export interface IspBrand {
  name: string;
  initials: string;
  color: string;
  /** Lower-case substrings; the ISP text reported by the geo database is matched against each. */
  aliases: readonly string[];
}

/** About 33 providers, most specific first so e.g. 'deutsche telekom' wins before a generic alias. */
export const ISP_BRANDS: readonly IspBrand[] = [
  { name: 'Comcast Xfinity', initials: 'Xf', color: '#6138f5', aliases: ['comcast', 'xfinity'] },
  { name: 'Charter Spectrum', initials: 'Sp', color: '#0099d8', aliases: ['charter', 'spectrum'] },
  { name: 'AT&T', initials: 'AT', color: '#00a8e0', aliases: ['at&t', 'at & t', 'att services', 'att-internet'] },
  { name: 'Verizon', initials: 'Vz', color: '#cd040b', aliases: ['verizon'] },
  { name: 'T-Mobile', initials: 'T', color: '#e20074', aliases: ['t-mobile', 'tmobile'] },
  { name: 'Cox', initials: 'Cx', color: '#00a3e0', aliases: ['cox communications', 'cox cable'] },
  { name: 'CenturyLink Lumen', initials: 'Lu', color: '#0047bb', aliases: ['centurylink', 'lumen', 'level 3'] },
  { name: 'Frontier', initials: 'Fr', color: '#ff0037', aliases: ['frontier'] },
  { name: 'Google Fiber', initials: 'GF', color: '#34a853', aliases: ['google fiber'] },
  { name: 'Starlink', initials: 'SL', color: '#1f2937', aliases: ['starlink', 'spacex'] },
  { name: 'Deutsche Telekom', initials: 'DT', color: '#e20074', aliases: ['deutsche telekom', 'telekom'] },
  { name: 'Vodafone', initials: 'Vf', color: '#e60000', aliases: ['vodafone'] },
  { name: 'Orange', initials: 'Or', color: '#ff7900', aliases: ['orange'] },
  { name: 'BT', initials: 'BT', color: '#5514b4', aliases: ['british telecom', 'bt public', 'bt group'] },
  { name: 'Sky', initials: 'Sk', color: '#0072c9', aliases: ['sky broadband', 'sky uk', 'sky ltd'] },
  { name: 'Virgin Media', initials: 'VM', color: '#c8102e', aliases: ['virgin media', 'virgin'] },
  { name: 'Telefónica Movistar', initials: 'Mv', color: '#019df4', aliases: ['telefonica', 'telefónica', 'movistar'] },
  { name: 'Free', initials: 'Fr', color: '#cd1e25', aliases: ['free sas', 'free mobile', 'proxad'] },
  { name: 'SFR', initials: 'SF', color: '#e2001a', aliases: ['sfr', 'societe francaise du radiotelephone'] },
  { name: 'Bouygues', initials: 'By', color: '#00a9e0', aliases: ['bouygues'] },
  { name: 'Swisscom', initials: 'Sc', color: '#001155', aliases: ['swisscom'] },
  { name: 'KPN', initials: 'KP', color: '#00c300', aliases: ['kpn'] },
  { name: 'Telstra', initials: 'Ts', color: '#0099f8', aliases: ['telstra'] },
  { name: 'Optus', initials: 'Op', color: '#008a8c', aliases: ['optus'] },
  { name: 'Rogers', initials: 'Ro', color: '#da291c', aliases: ['rogers'] },
  { name: 'Bell', initials: 'Be', color: '#00549a', aliases: ['bell canada', 'bell mobility', 'bell aliant'] },
  { name: 'Shaw', initials: 'Sh', color: '#0a6ebd', aliases: ['shaw communications', 'shaw cable'] },
  { name: 'Hetzner', initials: 'Hz', color: '#d50c2d', aliases: ['hetzner'] },
  { name: 'OVH', initials: 'OV', color: '#123f6d', aliases: ['ovh'] },
  { name: 'DigitalOcean', initials: 'DO', color: '#0080ff', aliases: ['digitalocean', 'digital ocean'] },
  { name: 'Amazon AWS', initials: 'AW', color: '#ff9900', aliases: ['amazon', 'aws'] },
  { name: 'Cloudflare', initials: 'CF', color: '#f38020', aliases: ['cloudflare'] },
  { name: 'Microsoft Azure', initials: 'Az', color: '#0078d4', aliases: ['microsoft', 'azure'] },
];

/** The brand whose alias occurs in the ISP text (case-insensitive), or null when none does. */
export function findIspBrand(isp: string): IspBrand | null {
  const needle = isp.toLowerCase();
  return ISP_BRANDS.find((brand) => brand.aliases.some((alias) => needle.includes(alias))) ?? null;
}
