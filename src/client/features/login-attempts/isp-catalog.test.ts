import { siVodafone } from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { findIspBrand, ISP_BRANDS } from './isp-catalog';

describe('findIspBrand', () => {
  it('matches aliases case-insensitively anywhere in the reported ISP name', () => {
    expect(findIspBrand('COMCAST-7922')?.name).toBe('Comcast Xfinity');
    expect(findIspBrand('Charter Communications Inc')?.name).toBe('Charter Spectrum');
    expect(findIspBrand('Telefonica de Espana')?.name).toBe('Telefónica Movistar');
    expect(findIspBrand('Amazon.com, Inc.')?.name).toBe('Amazon AWS');
    expect(findIspBrand('Hetzner Online GmbH')?.name).toBe('Hetzner');
    expect(findIspBrand('Virgin Media Limited')?.name).toBe('Virgin Media');
  });

  it('draws brands simple-icons has as a white-on-colour icon, the others as lettermarks', () => {
    const vodafone = findIspBrand('Vodafone GmbH');
    expect(vodafone?.mark).toEqual({ kind: 'icon', path: siVodafone.path, glyphPx: 15 });
    expect(vodafone?.color).toBe('#E60000');
    expect(findIspBrand('Comcast Cable Communications, LLC')?.mark).toEqual({ kind: 'lettermark', initials: 'Xf' });
    // simple-icons' 'Spectrum' and 'Lumen' are other products, so these keep their lettermarks.
    expect(findIspBrand('Charter Communications')?.mark.kind).toBe('lettermark');
    expect(findIspBrand('CenturyLink Communications, LLC')?.mark.kind).toBe('lettermark');
  });

  it('answers null for an unknown ISP, so the generic circle is drawn', () => {
    expect(findIspBrand('Tiny Village Net')).toBeNull();
    // 'virgin' alone would claim every "Virginia ..." network.
    expect(findIspBrand('Virginia Tech')).toBeNull();
    expect(findIspBrand('Central Virginia Services, INC')).toBeNull();
  });

  it('does not claim unrelated networks whose names merely contain a short alias (names from the ASN data)', () => {
    for (const name of [
      'Tramwaje Warszawskie sp. z o.o.',
      'AMAZONIA TELECOMUNICACOES LTDA',
      'Hyatt Services GmbH',
      'General Authority of ZAKAT & TAX',
      'Lumentum Operations LLC',
      'STANDARD CHARTERED BANK',
      'V.Shimanovsky Ukrainian Research and Design Institute of Steel Construction Ltd',
      'vpsfree vpsFree.cz, z.s.',
      'netplusFR SA',
      'Turk Telekomunikasyon Anonim Sirketi',
      'TELEKOM SRBIJA a.d.',
    ]) {
      expect(findIspBrand(name), name).toBeNull();
    }
    // The providers themselves, in DB-IP's and GeoLite2's spellings.
    expect(findIspBrand('Amazon Data Services Ireland Ltd')?.name).toBe('Amazon AWS');
    expect(findIspBrand('AMAZON-02')?.name).toBe('Amazon AWS');
    expect(findIspBrand('CHARTER-20115')?.name).toBe('Charter Spectrum');
    expect(findIspBrand('ATT-INTERNET4')?.name).toBe('AT&T');
    expect(findIspBrand('Level3 Lumen Technologies UK Limited')?.name).toBe('CenturyLink Lumen');
    expect(findIspBrand('Sky UK Limited')?.name).toBe('Sky');
    expect(findIspBrand('Deutsche Telekom AG')?.name).toBe('Deutsche Telekom');
    expect(findIspBrand('Magyar Telekom plc.')?.name).toBe('Deutsche Telekom');
    expect(findIspBrand('Societe Francaise Du Radiotelephone - SFR SA')?.name).toBe('SFR');
  });

  it('holds about 33 providers, each with a mark, a colour and at least one lower-case alias', () => {
    expect(ISP_BRANDS.length).toBe(33);
    for (const brand of ISP_BRANDS) {
      if (brand.mark.kind === 'icon') {
        expect(brand.mark.path).toMatch(/^M/);
        // 15 px; glyphs much wider than tall up to 20 px, still inside the 27 px circle.
        expect(brand.mark.glyphPx).toBeGreaterThanOrEqual(15);
        expect(brand.mark.glyphPx).toBeLessThanOrEqual(20);
      } else {
        expect(brand.mark.initials.length).toBeGreaterThan(0);
      }
      expect(brand.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(brand.aliases.length).toBeGreaterThan(0);
      for (const alias of brand.aliases) expect(alias).toBe(alias.toLowerCase());
    }
  });

  it('gives every lettermark distinct initials (Frontier and Free once both read Fr)', () => {
    const initials = ISP_BRANDS.flatMap((brand) => (brand.mark.kind === 'lettermark' ? [brand.mark.initials] : []));
    expect(new Set(initials).size).toBe(initials.length);
    expect(ISP_BRANDS.filter((brand) => brand.mark.kind === 'icon').length).toBe(15);
  });
});
