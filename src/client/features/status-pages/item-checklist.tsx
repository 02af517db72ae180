/** A titled list of checkboxes to choose rows by id (services, game servers). */
export function ItemChecklist({
  legend,
  items,
  chosen,
  onChange,
  emptyText,
}: {
  legend: string;
  items: readonly { id: number; name: string }[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  emptyText: string;
}) {
  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <div className="grid max-h-48 gap-1.5 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
          {items.map((item) => (
            <label key={item.id} className="flex min-w-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={chosen.includes(item.id)}
                onChange={(event) => toggle(item.id, event.target.checked)}
              />
              <span className="truncate">{item.name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
