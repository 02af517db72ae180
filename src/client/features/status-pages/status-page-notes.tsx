import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { StatusPageWire } from '#shared/schemas/status-pages';
import { addStatusNote, deleteStatusNote, publicStatusPageQueryOptions } from '../../api/status-pages.api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { STATUS_SETTINGS_TEXT } from './status-page-text';
import { useAdminMutation } from './use-status-page-mutations';

/** A page's incident notes: the public page's list, a form to add one, and a delete button on each. */
export function StatusPageNotes({ page }: { page: StatusPageWire }) {
  const pageQuery = publicStatusPageQueryOptions(page.slug);
  const { data } = useQuery(pageQuery);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const keys = [pageQuery.queryKey];
  const add = useAdminMutation((note: { title: string; body: string }) => addStatusNote(page.id, note), keys, {
    success: STATUS_SETTINGS_TEXT.noteAdded,
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const remove = useAdminMutation((noteId: number) => deleteStatusNote(page.id, noteId), keys, {
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { title, body },
      {
        onSuccess: () => {
          setTitle('');
          setBody('');
        },
      },
    );
  };
  return (
    <div className="grid gap-2">
      <form className="grid gap-2" onSubmit={handleSubmit}>
        <Input
          aria-label={STATUS_SETTINGS_TEXT.noteTitle}
          placeholder={STATUS_SETTINGS_TEXT.noteTitle}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
        />
        <Textarea
          aria-label={STATUS_SETTINGS_TEXT.noteBody}
          placeholder={STATUS_SETTINGS_TEXT.noteBody}
          value={body}
          maxLength={5000}
          rows={2}
          onChange={(event) => setBody(event.target.value)}
        />
        <Button type="submit" variant="outline" size="sm" className="justify-self-start" disabled={add.isPending}>
          {STATUS_SETTINGS_TEXT.addNote}
        </Button>
      </form>
      {data?.notes.length ? (
        <ul className="grid gap-1.5">
          {data.notes.map((note) => (
            <li
              key={note.id}
              className="flex items-start justify-between gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm"
            >
              <span className="min-w-0">
                <span className="font-medium">{note.title}</span>
                {note.body ? <span className="block text-muted-foreground">{note.body}</span> : null}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={STATUS_SETTINGS_TEXT.deleteNote(note.title)}
                onClick={() => remove.mutate(note.id)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
