import { describe, expect, it } from 'vitest';
import { findIspBrand, ISP_BRANDS } from './isp-catalog';

describe('findIspBrand', () => {
  it('matches aliases case-insensitively anywhere in the reported ISP name', () => {
    expect(findIspBrand('COMCAST-7922')?.name).toBe('Comcast Xfinity');
    expect(findIspBrand('Charter Communications Inc')?.name).toBe('Charter Spectrum');
    expect(findIspBrand('Telefonica de Espana')?.name).toBe('Telefónica Movistar');
    expect(findIspBrand('Amazon.com, Inc.')?.name).toBe('Amazon AWS');
    expect(findIspBrand('Hetzner Online GmbH')?.name).toBe('Hetzner');
  });

  it('answers null for an unknown ISP, so the generic circle is drawn', () => {
    expect(findIspBrand('Tiny Village Net')).toBeNull();
  });

  it('holds about 33 providers, each with initials and at least one lower-case alias', () => {
    expect(ISP_BRANDS.length).toBe(33);
    for (const brand of ISP_BRANDS) {
      expect(brand.initials.length).toBeGreaterThan(0);
      expect(brand.aliases.length).toBeGreaterThan(0);
      for (const alias of brand.aliases) expect(alias).toBe(alias.toLowerCase());
    }
  });
});
