import { Gamepad2, ServerOff } from 'lucide-react';
import { STORAGE_KEYS } from '#shared/constants';
import { CollapsibleSection } from '../dashboard/collapsible-section';
import { EmptyState } from '../dashboard/empty-state';

/** The Game Servers section: collapsed by default (SPEC section 2); its cards arrive in a later issue. */
export function GameServersSection() {
  return (
    <CollapsibleSection
      title="Game Servers"
      icon={<Gamepad2 />}
      storageKey={STORAGE_KEYS.serversExpanded}
      isOpenByDefault={false}
    >
      <EmptyState icon={<ServerOff />} title="No game servers found" />
    </CollapsibleSection>
  );
}
