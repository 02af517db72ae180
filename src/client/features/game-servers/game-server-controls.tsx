import { LoaderCircle, Play, RotateCw, Square, type LucideIcon } from 'lucide-react';
import { GAME_SERVER_ACTIONS, type GameServerActionName, type GameServerWire } from '#shared/schemas/game-servers';
import { Button } from '../../components/ui/button';
import { canRunAction, displayNameOf } from './game-server-rules';
import { useGameServerAction } from './use-game-server-action';

const LOOK: Record<GameServerActionName, { label: string; icon: LucideIcon }> = {
  start: { label: 'Start', icon: Play },
  stop: { label: 'Stop', icon: Square },
  restart: { label: 'Restart', icon: RotateCw },
};

/**
 * Start, stop and restart (SPEC sections 2 and 4): each enabled by the server's state and the caller's right to
 * control it; while one request is pending all three wait, so a stop can't overtake a start.
 */
export function GameServerControls({ server }: { server: GameServerWire }) {
  const { run, pendingAction } = useGameServerAction(server.instanceId);
  const name = displayNameOf(server);
  return (
    <div className="grid grid-cols-3 gap-2" role="group" aria-label={`Control ${name}`}>
      {GAME_SERVER_ACTIONS.map((action) => {
        const { label, icon: Icon } = LOOK[action];
        const isPending = pendingAction === action;
        return (
          <Button
            key={action}
            variant={action === 'stop' ? 'outline' : action === 'start' ? 'default' : 'secondary'}
            size="sm"
            aria-label={`${label} ${name}`}
            aria-busy={isPending || undefined}
            disabled={pendingAction !== null || !canRunAction(server, action)}
            onClick={() => run(action)}
          >
            {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
            {label}
          </Button>
        );
      })}
    </div>
  );
}
