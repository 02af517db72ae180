import { Server } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

/** The configured logo image, or the default server icon when none is set or the image fails to load. */
export function SiteLogo({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return <img src={src} alt={alt} className={cn('object-contain', className)} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span
      className={cn('inline-flex items-center justify-center rounded-lg bg-primary/15 text-primary', className)}
      role="img"
      aria-label={alt}
    >
      <Server className="size-3/5" aria-hidden="true" />
    </span>
  );
}
