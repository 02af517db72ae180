import type { CardDragBindings } from '../service-card/service-card';
import { DragHandlePlaceholder } from './drag-handle';

/**
 * The bindings of a card drawn as a sortable one (its grip included) that cannot be dragged yet: drag-and-drop's
 * code is still on its way, or the card is far from the view. One object for every card, so memo cards keep it.
 */
export const PLACEHOLDER_DRAG: CardDragBindings = {
  listeners: undefined,
  style: {},
  isDragging: false,
  handle: <DragHandlePlaceholder />,
};
