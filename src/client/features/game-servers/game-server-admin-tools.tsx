import { History, Inbox, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { LoadWhen, lazyNamed } from '../../components/load-when';
import { ManageButton } from './manage-button';

// Each dialog's code loads when the menu first opens it.
const AddQueryServerDialog = lazyNamed(() => import('./add-query-server-dialog'), 'AddQueryServerDialog');
const GameServerRequestsDialog = lazyNamed(() => import('./game-server-requests-dialog'), 'GameServerRequestsDialog');
const GameServerAuditDialog = lazyNamed(() => import('./game-server-audit-dialog'), 'GameServerAuditDialog');

type OpenDialog = 'add' | 'requests' | 'audit' | null;

/**
 * The admins' game-server tools in the section header: one menu (it fits a 390 px header beside the request
 * button) opening Add Query Server, the requests and the action log.
 */
export function GameServerAdminTools({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <ManageButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setOpen('add')}>
            <Plus aria-hidden="true" />
            Add Query Server
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('requests')}>
            <Inbox aria-hidden="true" />
            Server Requests
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('audit')}>
            <History aria-hidden="true" />
            Action Log
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LoadWhen when={open === 'add'}>
        <AddQueryServerDialog open={open === 'add'} onClose={close} />
      </LoadWhen>
      <LoadWhen when={open === 'requests'}>
        <GameServerRequestsDialog open={open === 'requests'} onClose={close} />
      </LoadWhen>
      <LoadWhen when={open === 'audit'}>
        <GameServerAuditDialog open={open === 'audit'} onClose={close} />
      </LoadWhen>
    </>
  );
}
