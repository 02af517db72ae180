import { Copy } from 'lucide-react';
import { GAME_TEXT } from '#shared/ui-messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { copyText } from '../../lib/clipboard';

/** Copies the address players connect to (the game host plus the port) with SPEC's 'Copied!' toast. */
export function CopyAddressButton({ address, serverName }: { address: string; serverName: string }) {
  const handleCopy = async () => {
    if (await copyText(address)) {
      toast({ title: GAME_TEXT.copied, description: address });
    } else {
      // The address stays readable in the toast, so it can still be typed by hand.
      toast({ title: GAME_TEXT.actionErrorTitle, description: `Could not copy ${address}`, variant: 'destructive' });
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      className="min-w-0 justify-start font-mono text-xs"
      aria-label={`Copy address of ${serverName}`}
      title={address}
      onClick={() => void handleCopy()}
    >
      <Copy aria-hidden="true" />
      <span className="truncate">{address}</span>
    </Button>
  );
}
