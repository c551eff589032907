import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { restrictToParentElement, restrictToVerticalAxis } from "@dnd-kit/modifiers";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";

// Dragging Settings' photos into order, with a mouse or a finger. A chunk of its own, fetched once
// the photos are on screen: the list and its buttons work before it arrives (and if it never
// does), so the drag library never delays the page.

/** What a photo's picture needs to be dragged by: spread on the element that is held. */
export type DragHandle = { ref: (element: HTMLElement | null) => void; listeners: object | undefined };

/**
 * The buttons are the keyboard's and screen reader's way to move a photo, so the library's own
 * keyboard mode, instructions and announcements are left out: the section's live region says where
 * a photo went once the order is saved, however it was moved. The library's (silent) live region
 * is drawn at the end of the page, so the section keeps one status: its own.
 */
const SILENT: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};
const NO_INSTRUCTIONS = { draggable: "" };
const MODIFIERS = [restrictToVerticalAxis, restrictToParentElement];

function SortablePhoto({
  photo,
  disabled,
  className,
  children,
}: {
  photo: string;
  disabled: boolean;
  className: string;
  children: (handle: DragHandle) => ReactNode;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: photo,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      className={`${className} ${isDragging ? "relative z-10 shadow-lg ring-2 ring-moss" : ""}`}
    >
      {children({ ref: setActivatorNodeRef, listeners })}
    </li>
  );
}

/**
 * The photos as a list whose items can be dragged into a new order by the element each item's
 * `renderItem` gives the handle to. `onMove(from, to)` gets the 0-based positions of a drop.
 */
export function DraggablePhotoList({
  photos,
  disabled,
  label,
  className,
  itemClassName,
  onMove,
  renderItem,
}: {
  photos: string[];
  disabled: boolean;
  label: string;
  className: string;
  itemClassName: string;
  onMove: (from: number, to: number) => void;
  renderItem: (photo: string, index: number, handle: DragHandle) => ReactNode;
}) {
  const sensors = useSensors(
    // A click on a picture is not a drag: it has to move a few pixels first.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On a phone a swipe still scrolls the page: a drag starts after a finger rests on a picture.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over) onMove(photos.indexOf(String(active.id)), photos.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={MODIFIERS}
      accessibility={{ announcements: SILENT, screenReaderInstructions: NO_INSTRUCTIONS, container: document.body }}
      onDragEnd={dropped}
    >
      <SortableContext items={photos} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} className={className}>
          {photos.map((photo, index) => (
            <SortablePhoto key={photo} photo={photo} disabled={disabled} className={itemClassName}>
              {(handle) => renderItem(photo, index, handle)}
            </SortablePhoto>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
