import { useEffect, useState, type RefObject } from 'react';

interface InViewOptions {
  /** How far beyond the root's edges an element already counts as in view (CSS margin syntax). */
  rootMargin?: string;
  /**
   * Observe against the element's nearest scrolling ancestor instead of the viewport: an element inside a scrolling
   * box counts as in view while it is within that box (plus `rootMargin`), wherever the page itself is scrolled.
   */
  inScrollParent?: boolean;
}

type Listener = (isIntersecting: boolean) => void;

/** One IntersectionObserver per root and settings, shared by every element that asks: a thousand cards, one observer. */
interface SharedObserver {
  observer: IntersectionObserver;
  listeners: Map<Element, Listener>;
}

const observers = new WeakMap<Element | Document, Map<string, SharedObserver>>();
// Siblings share their scrolling ancestor: it is looked up once per parent (getComputedStyle up the tree).
const scrollParents = new WeakMap<Element, Element | Document>();

function scrollParentOf(element: Element): Element | Document {
  const parent = element.parentElement;
  if (!parent) return document;
  const known = scrollParents.get(parent);
  if (known) return known;
  let found: Element | Document = document;
  for (let node: Element | null = parent; node && node !== document.documentElement; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') {
      found = node;
      break;
    }
  }
  scrollParents.set(parent, found);
  return found;
}

const keyOf = (threshold: number, rootMargin: string) => `${threshold}|${rootMargin}`;

function sharedObserver(root: Element | Document, threshold: number, rootMargin: string): SharedObserver {
  let byKey = observers.get(root);
  if (!byKey) {
    byKey = new Map();
    observers.set(root, byKey);
  }
  const key = keyOf(threshold, rootMargin);
  let shared = byKey.get(key);
  if (!shared) {
    const listeners = new Map<Element, Listener>();
    const observer = new IntersectionObserver(
      (entries) => {
        // Entries come oldest first: the last one for an element is its current state.
        for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
      },
      { root: root === document ? null : root, threshold, rootMargin },
    );
    shared = { observer, listeners };
    byKey.set(key, shared);
  }
  return shared;
}

/**
 * Whether the element is (partly) in view, so off-screen cards don't poll or register for drag-and-drop. Once seen
 * it stays true while visible and turns false again when scrolled away; without IntersectionObserver it is always
 * true.
 */
export function useInView(
  ref: RefObject<Element | null>,
  threshold = 0,
  { rootMargin = '0px', inScrollParent = false }: InViewOptions = {},
): boolean {
  const [isInView, setIsInView] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const root = inScrollParent ? scrollParentOf(element) : document;
    const { observer, listeners } = sharedObserver(root, threshold, rootMargin);
    listeners.set(element, setIsInView);
    observer.observe(element);
    return () => {
      observer.unobserve(element);
      listeners.delete(element);
      // The last one out closes the observer; the next element to ask gets a fresh one.
      if (listeners.size === 0) {
        observer.disconnect();
        observers.get(root)?.delete(keyOf(threshold, rootMargin));
      }
    };
  }, [ref, threshold, rootMargin, inScrollParent]);
  return isInView;
}
