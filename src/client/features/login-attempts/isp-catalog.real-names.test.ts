import { describe, expect, it } from 'vitest';
import { findIspBrand } from './isp-catalog';

// Organisation names exactly as the bundled ASN data (@ip-location-db/asn, CSV quotes removed as the conversion
// does) reports them for the big providers' networks; the AS number is in the comment.
const BUNDLED: Array<[name: string, brand: string]> = [
  ['Comcast Cable Communications, LLC', 'Comcast Xfinity'], // 7922
  ['AT&T Enterprises, LLC', 'AT&T'], // 7018
  ['AT&T Services, Inc.', 'AT&T'],
  ['Charter Communications', 'Charter Spectrum'], // 20115
  ['Charter Communications Inc', 'Charter Spectrum'], // 11351, 10796, 11426, 12271, 20001, 7843: ex Time Warner Cable
  ['Charter Communications, Inc', 'Charter Spectrum'], // 33363
  ['Verizon Business', 'Verizon'], // 701, 702, 6167, 22394
  ['T-Mobile USA, Inc.', 'T-Mobile'], // 21928
  ['Cox Communications Inc.', 'Cox'], // 22773
  ['CenturyLink Communications, LLC', 'CenturyLink Lumen'], // 209
  ['Level 3 Communications, Inc.', 'CenturyLink Lumen'], // 3356
  ['Frontier Communications of America, Inc.', 'Frontier'], // 5650
  ['Google Fiber Inc.', 'Google Fiber'], // 16591
  ['Space Exploration Technologies Corporation', 'Starlink'], // 14593
  ['Deutsche Telekom AG', 'Deutsche Telekom'], // 3320
  ['Telekom Deutschland GmbH', 'Deutsche Telekom'],
  ['Vodafone GmbH', 'Vodafone'], // 3209
  ['Vodafone Limited', 'Vodafone'], // 5378, 25135
  ['Orange S.A.', 'Orange'], // 3215
  ['Orange Polska Spolka Akcyjna', 'Orange'], // 5617
  ['British Telecommunications PLC', 'BT'], // 2856, 6871
  ['Sky UK Limited', 'Sky'], // 5607
  ['Virgin Media Limited', 'Virgin Media'], // 5089
  ['TELEFONICA DE ESPANA S.A.U.', 'Telefónica Movistar'], // 3352
  ['Telefonica Germany GmbH & Co.OHG', 'Telefónica Movistar'], // 6805
  ['Free SAS', 'Free'], // 12322
  ['Societe Francaise Du Radiotelephone - SFR SA', 'SFR'], // 15557
  ['Bouygues Telecom SA', 'Bouygues'], // 5410
  ['Swisscom (Schweiz) AG', 'Swisscom'], // 3303
  ['KPN B.V.', 'KPN'], // 1136
  ['Telstra Limited', 'Telstra'], // 1221
  ['SingTel Optus Pty Ltd', 'Optus'], // 4804
  ['Rogers Communications Canada Inc.', 'Rogers'], // 812
  ['Bell Canada', 'Bell'], // 577
  ['Shaw Communications', 'Shaw'], // 6327
  ['Hetzner Online GmbH', 'Hetzner'], // 24940
  ['OVH SAS', 'OVH'], // 16276
  ['DigitalOcean, LLC', 'DigitalOcean'], // 14061
  ['Amazon.com, Inc.', 'Amazon AWS'], // 16509, 14618
  ['Cloudflare, Inc.', 'Cloudflare'], // 13335
  ['Microsoft Corporation', 'Microsoft Azure'], // 8075
];

// GeoLite2's handle-style names for the same networks, as the owners who configure GeoLite2 files see them.
const GEOLITE2: Array<[name: string, brand: string]> = [
  ['COMCAST-7922', 'Comcast Xfinity'],
  ['ATT-INTERNET4', 'AT&T'],
  ['CHARTER-20115', 'Charter Spectrum'],
  ['TWC-11426-CAROLINAS', 'Charter Spectrum'],
  ['VERIZON-BUSINESS', 'Verizon'],
  ['UUNET', 'Verizon'],
  ['CELLCO', 'Verizon'],
  ['CELLCO-PART', 'Verizon'],
  ['T-MOBILE-AS21928', 'T-Mobile'],
  ['LEVEL3', 'CenturyLink Lumen'],
  ['SPACEX-STARLINK', 'Starlink'],
  ['Orange', 'Orange'],
  ['AMAZON-02', 'Amazon AWS'],
];

// Unrelated networks from the bundled data whose names contain a brand's word.
const UNRELATED = [
  'Orange County, Florida',
  'County of Orange',
  'County of Orangeburg',
  'CHILDRENS HOSPITAL OF ORANGE COUNTY',
  'Orange Unified School District',
  'A Small Orange LLC',
  'AS BlueOrange Bank',
  'Cellcom Guinea',
  'Cellcom Fixed Line Communication L.P',
  'COMCAST-SRL',
  'STARLINK LTD',
  'PT Starlink Network Digital',
  'SpaceX Online',
  'Spectrum Health',
  'Spectrum Internet Ltd',
  'FRONTIER AIRLINES INC',
  'IDC Frontier Inc.',
  'Level 32 Governor Macquarie Tower',
  'LEVEL3 CARRIER LIMITED',
  'LEVEL365 HOLDINGS LLC',
  'Sky Broadband',
  'Blue Sky Broadband Pvt. Ltd.',
  'COOPERATIVA TELEFONICA VILLA ELOISA',
  'Coop. Telefonica de Capitan Bermudez',
  'CABINAS TELEFONICAS DEL SUR, S.L.',
  'Woods Rogers PLC',
  'Rogers and Lynch LLC',
  'STIE YKPN Yogyakarta',
  'TOPTUS BROADBAND SERVICES PRIVATE LIMITED',
  'AZURE TECHNOLOGY CO., LIMITED',
  'GTnet sp.j. Tomasz Gajewski Grzegorz Mazurek',
  'TWC Hosting CC',
];

describe('findIspBrand with real network names', () => {
  it.each(BUNDLED)('gives %s the %s logo (bundled ASN data)', (name, brand) => {
    expect(findIspBrand(name)?.name).toBe(brand);
  });

  it.each(GEOLITE2)('gives %s the %s logo (GeoLite2)', (name, brand) => {
    expect(findIspBrand(name)?.name).toBe(brand);
  });

  it.each(UNRELATED)('draws the generic circle for %s', (name) => {
    expect(findIspBrand(name)).toBeNull();
  });
});
