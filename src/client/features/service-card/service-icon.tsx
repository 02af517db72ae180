import { useFailedImage } from '../../hooks/use-failed-image';
import { cn } from '../../lib/cn';
import { CardIcon } from './card-icon';

/** A service's icon; a missing or broken image shows a placeholder globe instead (SPEC section 2). */
export function ServiceIcon({ src, name, className }: { src: string | null; name: string; className?: string }) {
  // Remembering which src failed lets a corrected icon load again without remounting the card.
  const [hasFailed, markFailed] = useFailedImage(src);
  const isBroken = src === null || hasFailed;
  return (
    <span
      className={cn(
        'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted/70 shadow-xs',
        className,
      )}
    >
      {isBroken ? (
        <CardIcon name="globe" data-testid="service-icon-placeholder" className="size-6 text-muted-foreground" />
      ) : (
        <img
          src={src}
          alt={`${name} icon`}
          draggable={false}
          className="size-full object-contain p-1.5"
          onError={markFailed}
        />
      )}
    </span>
  );
}
