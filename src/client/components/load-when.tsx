import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type LazyExoticComponent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/**
 * A loader for React.lazy that answers synchronously once its chunk is in: React then renders the component
 * straight away instead of suspending, which would show the fallback and hold the content back for React's
 * 300 ms reveal throttle. Call the returned function early (e.g. at start-up) to fetch the chunk ahead.
 */
export function preloadable<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: { value: T } | undefined;
  return () => {
    if (loaded) {
      const { value } = loaded;
      // A thenable that calls back at once: React reads the component in the same render. (React.lazy's type
      // asks for a Promise but only ever calls then.)
      const thenable: PromiseLike<T> = {
        then: (onFulfilled) => (onFulfilled ? onFulfilled(value) : value) as never,
      };
      return thenable as Promise<T>;
    }
    return load().then((value) => {
      loaded = { value };
      return value;
    });
  };
}

/**
 * React.lazy for a named export, so a dialog or panel keeps its name and only its importer changes. The chunk is
 * downloaded the first time the component renders.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  const loadComponent = preloadable(async () => ({ default: (await load())[name] }));
  return lazy(() => loadComponent());
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** A chunk that cannot be downloaded (the server went away) leaves the fallback in place instead of a blank page. */
class ChunkBoundary extends Component<BoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be loaded', error);
  }

  override render(): ReactNode {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

/**
 * Renders lazily loaded `children` once `when` has first been true and keeps them mounted afterwards, so a
 * dialog's code is fetched on its first opening and its closing animation still runs. Until then, and while the
 * chunk downloads, `fallback` shows (e.g. the button that opens the dialog, drawn exactly as the loaded one).
 */
export function LoadWhen({
  when,
  fallback = null,
  children,
}: {
  when: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const [hasBeenTrue, setHasBeenTrue] = useState(when);
  if (when && !hasBeenTrue) setHasBeenTrue(true);
  if (!hasBeenTrue) return fallback;
  return (
    <ChunkBoundary fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkBoundary>
  );
}

/**
 * A button that opens a dialog whose code is not loaded yet: `button` is drawn until its first press, then the
 * lazily loaded `children` (the real button and its dialog, mounted open) take its place.
 */
export function LoadOnFirstPress({
  button,
  children,
}: {
  button: (onPress: () => void) => ReactNode;
  children: ReactNode;
}) {
  const [isPressed, setIsPressed] = useState(false);
  return (
    <LoadWhen when={isPressed} fallback={button(() => setIsPressed(true))}>
      {children}
    </LoadWhen>
  );
}

// The keys that open a Radix menu from its trigger.
const MENU_OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * Props for a stand-in menu button (see LoadOnFirstPress): it reacts as a Radix menu trigger does, to a primary
 * pointer press or an opening key, so the loaded menu opens on the same gesture.
 */
export function menuTriggerPress(onPress: () => void) {
  return {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button === 0) onPress();
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!MENU_OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      onPress();
    },
  };
}
