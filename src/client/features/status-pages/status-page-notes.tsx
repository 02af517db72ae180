import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { StatusPageWire } from '#shared/schemas/status-pages';
import {
  addStatusNote,
  deleteStatusNote,
  publicStatusPageQueryOptions,
  updateStatusNote,
} from '../../api/status-pages.api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { STATUS_SETTINGS_TEXT } from './status-page-text';
import { useAdminMutation } from './use-status-page-mutations';

/** A page's incident notes: the public page's list, a form to add one or edit one, and a delete button on each. */
export function StatusPageNotes({ page }: { page: StatusPageWire }) {
  const pageQuery = publicStatusPageQueryOptions(page.slug);
  const { data } = useQuery(pageQuery);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const keys = [pageQuery.queryKey];
  const add = useAdminMutation((note: { title: string; body: string }) => addStatusNote(page.id, note), keys, {
    success: STATUS_SETTINGS_TEXT.noteAdded,
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const edit = useAdminMutation(
    ({ noteId, note }: { noteId: number; note: { title: string; body: string } }) =>
      updateStatusNote(page.id, noteId, note),
    keys,
    { success: STATUS_SETTINGS_TEXT.noteSaved, failed: STATUS_SETTINGS_TEXT.saveFailed },
  );
  const remove = useAdminMutation((noteId: number) => deleteStatusNote(page.id, noteId), keys, {
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reset = () => {
      setTitle('');
      setBody('');
      setEditingId(null);
    };
    if (editingId === null) add.mutate({ title, body }, { onSuccess: reset });
    else edit.mutate({ noteId: editingId, note: { title, body } }, { onSuccess: reset });
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
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={add.isPending || edit.isPending}
        >
          {editingId === null ? STATUS_SETTINGS_TEXT.addNote : STATUS_SETTINGS_TEXT.saveNote}
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
                aria-label={STATUS_SETTINGS_TEXT.editNote(note.title)}
                onClick={() => {
                  setEditingId(note.id);
                  setTitle(note.title);
                  setBody(note.body);
                }}
              >
                <Pencil aria-hidden="true" />
              </Button>
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
