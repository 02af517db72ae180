import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/constants';

// A tiny global toast store (the shadcn pattern): any code, even outside React, can raise a toast,
// and the single <Toaster /> renders them. SPEC section 8 fixes the limit and the removal delay.

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactElement;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastEntry[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  // A dismissed toast stays in the list (closed) so Radix can finish its exit; it is dropped much later.
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(toasts.filter((entry) => entry.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  for (const entry of toasts) {
    if (id === undefined || entry.id === id) scheduleRemoval(entry.id);
  }
  publish(toasts.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)));
}

/** Shows a toast; only the newest TOAST_LIMIT toasts are kept. Returns its id and a dismiss function. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const entry: ToastEntry = { ...options, id, open: true };
  publish([entry, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastEntry[] {
  return toasts;
}

/** The current toasts, re-rendering whenever one is added or dismissed. */
export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
