import { useLocation } from 'wouter';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { Button } from '../../components/ui/button';
import { isHttpUrl } from '../../lib/safe-url';

function DiscordIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <path d="M20.32 4.37a19.8 19.8 0 0 0-4.89-1.52.07.07 0 0 0-.08.04c-.21.38-.44.87-.61 1.25a18.27 18.27 0 0 0-5.49 0 12.64 12.64 0 0 0-.62-1.25.08.08 0 0 0-.08-.04 19.74 19.74 0 0 0-4.88 1.52.07.07 0 0 0-.03.03C.53 9.05-.32 13.58.1 18.06a.08.08 0 0 0 .03.06 19.9 19.9 0 0 0 5.99 3.03.08.08 0 0 0 .08-.03c.46-.63.87-1.3 1.22-2a.08.08 0 0 0-.04-.1 13.1 13.1 0 0 1-1.87-.9.08.08 0 0 1-.01-.13l.37-.29a.07.07 0 0 1 .08-.01c3.93 1.79 8.18 1.79 12.07 0a.07.07 0 0 1 .08.01l.37.29a.08.08 0 0 1-.01.13c-.6.35-1.22.65-1.87.9a.08.08 0 0 0-.04.1c.36.7.77 1.37 1.22 2a.08.08 0 0 0 .08.03 19.84 19.84 0 0 0 6-3.03.08.08 0 0 0 .03-.06c.5-5.18-.84-9.67-3.55-13.66a.06.06 0 0 0-.03-.03ZM8.02 15.33c-1.18 0-2.16-1.08-2.16-2.42 0-1.33.96-2.42 2.16-2.42 1.21 0 2.18 1.1 2.16 2.42 0 1.34-.96 2.42-2.16 2.42Zm7.97 0c-1.18 0-2.15-1.08-2.15-2.42 0-1.33.95-2.42 2.15-2.42 1.22 0 2.18 1.1 2.16 2.42 0 1.34-.94 2.42-2.16 2.42Z" />
    </svg>
  );
}

/** The fixed bottom-right 'Join Discord' button; hidden on /auth and when no invite link is configured. */
export function DiscordButton() {
  const [location] = useLocation();
  const { settings } = useSiteSettings();
  const { discord_url: discordUrl } = settings;
  if (location === '/auth' || !isHttpUrl(discordUrl)) return null;
  // A landmark of its own: content outside landmarks is missed by screen-reader users moving between regions.
  return (
    <aside aria-label="Community">
      <Button
        asChild
        // index.css reserves room for the button at the end of pages and under sticky bars while this is present.
        data-slot="discord-button"
        className="fixed right-4 bottom-4 z-40 rounded-full bg-[#5865F2] px-5 text-white shadow-lg hover:bg-[#4752c4]"
      >
        <a href={discordUrl} target="_blank" rel="noopener noreferrer">
          <DiscordIcon className="size-5" />
          Join Discord
        </a>
      </Button>
    </aside>
  );
}
