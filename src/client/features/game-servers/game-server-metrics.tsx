import { Cpu, MemoryStick, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { formatCpu, formatMemory, formatPlayers, hasControls } from './game-server-rules';

function Metric({ label, icon, value, testId }: { label: string; icon: ReactNode; value: string; testId: string }) {
  return (
    <div className="grid min-w-fit grow basis-20 gap-0.5 rounded-lg bg-muted/50 px-2.5 py-2">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0">
        {icon}
        {label}
      </dt>
      <dd className="text-sm font-medium whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Players 'n / max' (when show_player_count), CPU % and RAM in GB. A query-only server reports players but not
 * its machine's load, so it shows no CPU or RAM rather than zeros that look like data.
 */
export function GameServerMetrics({ server }: { server: GameServerWire }) {
  const showsLoad = hasControls(server);
  if (!server.show_player_count && !showsLoad) return null;
  return (
    // Wraps instead of cutting: a RAM value such as 12.50 / 16.00 GB stays whole on a phone.
    <dl className="flex flex-wrap gap-2">
      {server.show_player_count ? (
        <Metric label="Players" icon={<Users aria-hidden="true" />} value={formatPlayers(server)} testId="players" />
      ) : null}
      {showsLoad ? (
        <>
          <Metric label="CPU" icon={<Cpu aria-hidden="true" />} value={formatCpu(server.cpuUsage)} testId="cpu" />
          <Metric label="RAM" icon={<MemoryStick aria-hidden="true" />} value={formatMemory(server)} testId="memory" />
        </>
      ) : null}
    </dl>
  );
}
