import { useCallback, useSyncExternalStore } from 'react';

// Same-tab writes don't fire the 'storage' event, so we notify our own subscribers too.
const LOCAL_EVENT = 'homelab:local-storage';

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames); behave as if empty.
    return null;
  }
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('storage', callback);
  window.addEventListener(LOCAL_EVENT, callback);
  return () => {
    window.removeEventListener('storage', callback);
    window.removeEventListener(LOCAL_EVENT, callback);
  };
}

/** Writes a JSON value to localStorage and tells every hook in this tab (other tabs get 'storage'). */
export function writeLocalStorage<T>(key: string, value: T): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the value simply isn't remembered.
  }
  window.dispatchEvent(new Event(LOCAL_EVENT));
}

/**
 * A JSON value in localStorage under `key`, kept in sync across components and tabs.
 * `isValid` guards against hand-edited or stale values; invalid ones read as the fallback.
 */
export function useLocalStorage<T>(
  key: string,
  fallback: T,
  isValid: (value: unknown) => value is T,
): [T, (value: T) => void] {
  // The raw string is the snapshot: it is stable between renders, unlike a freshly parsed object.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  let value = fallback;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isValid(parsed)) value = parsed;
    } catch {
      // Not JSON: keep the fallback.
    }
  }
  const setValue = useCallback((next: T) => writeLocalStorage(key, next), [key]);
  return [value, setValue];
}

/** Type guard for boolean storage values. */
export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}
