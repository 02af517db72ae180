import { useId } from 'react';
import { ownFlagsFor } from '#shared/display-flags';
import { OWN_DISPLAY_FLAGS, type OwnDisplayFlag, type UserWire } from '#shared/schemas/user';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { DISPLAY_TEXT } from './display-options-text';
import { useSaveDisplayFlags } from './use-save-display-flags';

function FlagSwitch({
  flag,
  checked,
  disabled,
  onChange,
}: {
  flag: OwnDisplayFlag;
  checked: boolean;
  disabled: boolean;
  onChange: (flag: OwnDisplayFlag, value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <Label htmlFor={id}>{DISPLAY_TEXT.labels[flag]}</Label>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={(value) => onChange(flag, value)} />
    </div>
  );
}

/**
 * The viewer's own card flags (users.show_*). The switches show what the cards show now: the site's flags
 * until the user changes one, theirs afterwards; each change saves at once.
 */
export function DisplayOptionsDialog({
  user,
  open,
  onOpenChange,
}: {
  user: UserWire;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { settings } = useSiteSettings();
  const save = useSaveDisplayFlags();
  const flags = ownFlagsFor(user, settings);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{DISPLAY_TEXT.title}</DialogTitle>
          <DialogDescription>{DISPLAY_TEXT.description}</DialogDescription>
        </DialogHeader>
        <div className="divide-y">
          {OWN_DISPLAY_FLAGS.map((flag) => (
            <FlagSwitch
              key={flag}
              flag={flag}
              checked={flags[flag]}
              disabled={save.isPending}
              onChange={(changed, value) => save.mutate({ [changed]: value })}
            />
          ))}
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {user.display_flags_set ? DISPLAY_TEXT.ownChoice : DISPLAY_TEXT.followingSite}
        </p>
        <DialogFooter>
          <Button
            variant="outline"
            disabled={!user.display_flags_set || save.isPending}
            onClick={() => save.mutate({ display_flags_set: false })}
          >
            {DISPLAY_TEXT.useSiteDefaults}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
