import { Circle } from 'lucide-react';
import { findIspBrand } from './isp-catalog';

/** SPEC draws ISP logos at 27 px. */
const LOGO_SIZE_PX = 27;

/** The ISP's brand icon or lettermark, or a generic circle icon when the name matches no known provider. */
export function IspLogo({ isp }: { isp: string }) {
  const brand = findIspBrand(isp);
  if (!brand) {
    return (
      <Circle
        data-testid="isp-logo-generic"
        aria-hidden="true"
        className="shrink-0 text-muted-foreground"
        style={{ width: LOGO_SIZE_PX, height: LOGO_SIZE_PX }}
      />
    );
  }
  if (brand.mark.kind === 'icon') {
    // The 24-unit path scaled to the glyph size and centred (simple-icons centre each glyph in its box).
    const { glyphPx } = brand.mark;
    const offset = (LOGO_SIZE_PX - glyphPx) / 2;
    return (
      <svg
        data-testid="isp-logo"
        data-mark="icon"
        aria-hidden="true"
        className="shrink-0"
        width={LOGO_SIZE_PX}
        height={LOGO_SIZE_PX}
        viewBox={`0 0 ${LOGO_SIZE_PX} ${LOGO_SIZE_PX}`}
      >
        <title>{brand.name}</title>
        <circle cx={LOGO_SIZE_PX / 2} cy={LOGO_SIZE_PX / 2} r={LOGO_SIZE_PX / 2} fill={brand.color} />
        <path d={brand.mark.path} fill="#fff" transform={`translate(${offset} ${offset}) scale(${glyphPx / 24})`} />
      </svg>
    );
  }
  return (
    <span
      data-testid="isp-logo"
      data-mark="lettermark"
      title={brand.name}
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full text-[10px] leading-none font-bold text-white"
      style={{ width: LOGO_SIZE_PX, height: LOGO_SIZE_PX, backgroundColor: brand.color }}
    >
      {brand.mark.initials}
    </span>
  );
}
