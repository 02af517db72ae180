import type { CardDragBindings } from '../service-card/service-card';

/** What drag-and-drop hands one card: the sortable node ref and the drag bindings. */
export interface SortableBindings {
  setNodeRef: (element: HTMLElement | null) => void;
  drag: CardDragBindings;
}

type Listener = () => void;
const NO_IDS: readonly number[] = [];

/**
 * Where the grid's cards and drag-and-drop meet without one being inside the other. The cards are drawn from the
 * first render and never remounted; drag-and-drop's code arrives later as a layer beside the grid. A card says here
 * whether it is near the view (only those are registered with drag-and-drop), and the layer puts each registered
 * card's bindings here for the card to pick up. So drag-and-drop arriving changes the cards' bindings (the grip
 * becomes a button), never their elements.
 */
export class SortableBindingsStore {
  private readonly bindings = new Map<number, SortableBindings>();
  private readonly cardListeners = new Map<number, Set<Listener>>();
  private readonly near = new Set<number>();
  private nearSnapshot: readonly number[] = NO_IDS;
  private readonly nearListeners = new Set<Listener>();

  /** For useSyncExternalStore: calls `listener` when the bindings of card `id` change. */
  subscribeCard(id: number, listener: Listener): () => void {
    let listeners = this.cardListeners.get(id);
    if (!listeners) {
      listeners = new Set();
      this.cardListeners.set(id, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.cardListeners.delete(id);
    };
  }

  bindingsOf(id: number): SortableBindings | undefined {
    return this.bindings.get(id);
  }

  setBindings(id: number, bindings: SortableBindings | null): void {
    if (bindings) this.bindings.set(id, bindings);
    else if (!this.bindings.delete(id)) return;
    for (const listener of this.cardListeners.get(id) ?? []) listener();
  }

  /** For useSyncExternalStore: calls `listener` when the set of cards near the view changes. */
  subscribeNear = (listener: Listener): (() => void) => {
    this.nearListeners.add(listener);
    return () => this.nearListeners.delete(listener);
  };

  /** The ids of the cards near the view; the same array until that set changes. */
  nearIds = (): readonly number[] => this.nearSnapshot;

  setNear(id: number, isNear: boolean): void {
    if (this.near.has(id) === isNear) return;
    if (isNear) this.near.add(id);
    else this.near.delete(id);
    this.nearSnapshot = [...this.near];
    for (const listener of this.nearListeners) listener();
  }
}
