import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { gameQueryTypesQueryOptions } from '../../api/game-servers.api';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { FormField } from '../auth/form-field';
import type { GameServerFormErrors, GameServerFormValues } from './game-server-form';

/** A form message as FormField reads it. */
export function fieldError(message: string | undefined): FieldError | undefined {
  return message === undefined ? undefined : { type: 'validate', message };
}

type QueryFields = Pick<GameServerFormValues, 'name' | 'type' | 'host' | 'port'>;

/** The game type: one of gamedig's ids, listed by the server (GET /api/game-servers/query-types). */
function TypeSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const { data: types, isError } = useQuery(gameQueryTypesQueryOptions(true));
  const id = useId();
  const errorId = `${id}-error`;
  const shown = error ?? (isError ? 'Could not load the game types' : undefined);
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>Game Type</Label>
      <Select value={value} onValueChange={onChange} disabled={!types}>
        <SelectTrigger id={id} aria-invalid={error ? true : undefined} aria-describedby={shown ? errorId : undefined}>
          <SelectValue placeholder={types ? 'Select a game type' : 'Loading game types...'} />
        </SelectTrigger>
        <SelectContent>
          {(types ?? []).map((type) => (
            <SelectItem key={type.id} value={type.id}>
              {type.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {shown ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

/** Name, game type, host and port of a query-only server (the Add and Edit dialogs). */
export function QueryServerFields({
  values,
  errors,
  onChange,
}: {
  values: QueryFields;
  errors: GameServerFormErrors;
  onChange: (patch: Partial<QueryFields>) => void;
}) {
  return (
    <>
      <FormField
        label="Server Name"
        autoComplete="off"
        value={values.name}
        error={fieldError(errors.name)}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <TypeSelect value={values.type} error={errors.type} onChange={(type) => onChange({ type })} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField
          label="Host"
          autoComplete="off"
          spellCheck={false}
          placeholder="play.example.com"
          value={values.host}
          error={fieldError(errors.host)}
          onChange={(event) => onChange({ host: event.target.value })}
        />
        <FormField
          label="Port"
          type="number"
          inputMode="numeric"
          min={1}
          max={65_535}
          value={values.port}
          error={fieldError(errors.port)}
          onChange={(event) => onChange({ port: event.target.value })}
        />
      </div>
    </>
  );
}
