import { Circle } from 'lucide-react';
import { findIspBrand } from './isp-catalog';

/** SPEC draws ISP logos at 27 px. */
const LOGO_SIZE_PX = 27;

/** The ISP's lettermark, or a generic circle icon when the name matches no known provider. */
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
  return (
    <span
      data-testid="isp-logo"
      title={brand.name}
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full text-[10px] leading-none font-bold text-white"
      style={{ width: LOGO_SIZE_PX, height: LOGO_SIZE_PX, backgroundColor: brand.color }}
    >
      {brand.initials}
    </span>
  );
}
