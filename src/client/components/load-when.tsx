import { AlertTriangle } from 'lucide-react';
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { LOAD_WHEN_TEXT } from './load-when-text';
import { isStaleChunk } from './stale-chunk';
import { Button } from './ui/button';

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

/** How to renew each lazy component whose last load failed (see ChunkBoundary's retry). */
const failedLoads = new Set<() => void>();

/** Gives every lazy component whose load failed a fresh start: its next render downloads the chunk again. */
function renewFailedLoads(): void {
  for (const renew of failedLoads) renew();
  failedLoads.clear();
}

/**
 * React.lazy for a named export, so a dialog or panel keeps its name and only its importer changes. The chunk is
 * downloaded the first time the component renders. React.lazy keeps a failed load's error for good (React renders
 * it again at once, and each render would download again otherwise), so a failure stays until ChunkBoundary's
 * retry swaps in a fresh lazy component.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const fresh = (): ComponentType<P> => lazy<ComponentType<P>>(() => loadComponent());
  const renew = () => {
    current = fresh();
  };
  const loadComponent = preloadable(async () => {
    try {
      return { default: (await load())[name] };
    } catch (error) {
      failedLoads.add(renew);
      throw error;
    }
  });
  let current = fresh();
  function OnDemand(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  OnDemand.displayName = name;
  return OnDemand;
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Why the children are not shown: their chunk failed, and whether it is gone for good (a new deploy). */
type Failure = 'checking' | 'passing' | 'stale';

// What counts as a new attempt at whatever failed: a click (pressing a button by mouse, touch or key makes one),
// not typing elsewhere on the page.
const ATTEMPTS = ['click'] as const;

/**
 * A chunk that cannot be downloaded leaves the fallback in place instead of a blank page, with a notice. A passing
 * failure (network, server restarting) is tried again at the user's next click anywhere, e.g. the second
 * click on the button whose dialog did not open; a chunk the server no longer has (a new deploy) asks for a reload.
 */
class ChunkBoundary extends Component<BoundaryProps, { failure: Failure | null }> {
  override state: { failure: Failure | null } = { failure: null };
  #isMounted = false;

  static getDerivedStateFromError(): { failure: Failure } {
    return { failure: 'checking' };
  }

  override componentDidMount(): void {
    this.#isMounted = true;
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be loaded', error);
    void isStaleChunk(error).then((isStale) => {
      if (this.#isMounted) this.setState({ failure: isStale ? 'stale' : 'passing' });
    });
  }

  override componentDidUpdate(): void {
    this.#listen(this.state.failure === 'passing');
  }

  override componentWillUnmount(): void {
    this.#isMounted = false;
    this.#listen(false);
  }

  readonly #retry = () => {
    renewFailedLoads();
    this.setState({ failure: null });
  };

  #listen(on: boolean): void {
    for (const type of ATTEMPTS) {
      // Capture: the attempt starts before the click's own handler, whatever that one stops.
      if (on) document.addEventListener(type, this.#retry, { capture: true });
      else document.removeEventListener(type, this.#retry, { capture: true });
    }
  }

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    return (
      <>
        {this.props.fallback}
        {failure === 'stale' && (
          <ChunkNotice text={LOAD_WHEN_TEXT.stale} action={LOAD_WHEN_TEXT.reload} onAction={reloadPage} />
        )}
        {failure === 'passing' && (
          <ChunkNotice text={LOAD_WHEN_TEXT.failed} action={LOAD_WHEN_TEXT.tryAgain} onAction={this.#retry} />
        )}
      </>
    );
  }
}

function reloadPage(): void {
  window.location.reload();
}

/** A notice at the foot of the screen, over the page: the fallback of a dialog is often nothing at all. */
function ChunkNotice({ text, action, onAction }: { text: string; action: string; onAction: () => void }) {
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground shadow-lg"
    >
      <AlertTriangle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p className="flex-1">{text}</p>
      <Button size="sm" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
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
