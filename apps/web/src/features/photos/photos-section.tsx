import {
  photoMovedAnnouncement,
  photoName,
  photoRemovedAnnouncement,
  photoStatus,
  PHOTOS_MESSAGES as T,
} from "@sams-web/domain/photos/messages";
import { canRemovePhoto, movePhoto, PHOTOS_MAX } from "@sams-web/domain/photos/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths.ts";
import { hasErrorCode } from "../../lib/api-client.ts";
import { leavingSettingsState } from "../../lib/settings-return.ts";
import { photoListQueryKey, usePhotoList, useRemovePhoto, useReorderPhotos } from "./api.ts";
import type { DragHandle } from "./photo-drag.tsx";

function SectionFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="photos-heading" className="card">
      <h2 id="photos-heading" className="text-xl font-semibold">
        Your photos
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{T.photosSectionIntro}</p>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/**
 * Settings' "Your photos": the saved photos in order, the first being the main photo (the one the
 * photo review shows first). Each can move earlier or later, become the main photo, or be removed
 * (asked once, and never below the minimum a search needs); a mouse or a finger can also drag a
 * photo to its place. Adding photos is the upload page's job, one link away. Every change is saved
 * at once and said aloud in a live region, so it works by keyboard and screen reader alike.
 * Self-contained: it loads and saves its own data.
 */
export function PhotosSection() {
  const list = usePhotoList();
  if (list.data) return <PhotoList photos={list.data} />;
  return (
    <SectionFrame>
      {list.isError ? (
        <p role="alert" className="text-danger">
          {MESSAGES.photosLoadFailed}
        </p>
      ) : (
        <div role="status" aria-live="polite" className="h-32 animate-pulse rounded-xl bg-silk-deep">
          <span className="sr-only">{T.photosLoadingList}</span>
        </div>
      )}
    </SectionFrame>
  );
}

type Action = "earlier" | "later" | "main" | "remove";

/** The drag-and-drop module, fetched once the list on screen has two photos or more (see photo-drag.tsx). */
type PhotoDrag = typeof import("./photo-drag.tsx");
const LIST_LABEL = "Your photos, main photo first";
const LIST_CLASS = "space-y-3";
/**
 * Each photo: the picture and its name, with the buttons under them on a phone and beside the
 * picture on a wider screen (two by two, so each label stays on one line).
 */
const ITEM_CLASS =
  "grid grid-cols-[auto_minmax(0,1fr)] items-center gap-3 rounded-xl border border-line bg-white p-3 sm:gap-x-4 sm:gap-y-2";
const PHOTO_BUTTON = "btn-secondary min-h-11 px-2 text-sm sm:text-base";

function PhotoList({ photos }: { photos: string[] }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const reorder = useReorderPhotos();
  const remove = useRemovePhoto();
  const [announcement, setAnnouncement] = useState("");
  const [error, setError] = useState<string | null>(null);
  /** The photo whose removal is being asked about. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const busy = reorder.isPending || remove.isPending;
  const count = photos.length;
  const removable = canRemovePhoto(count);

  const button = (photo: string, action: Action) => (element: HTMLButtonElement | null) => {
    const key = `${photo} ${action}`;
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };
  /**
   * Where focus goes once the list shows `order` (the photos as the server answered them): the
   * first of `actions` that `photo` still offers. Waiting for that very list matters: a button
   * focused in the old list and disabled in the new one (Move later, now last) would drop focus.
   */
  const [focusAfter, setFocusAfter] = useState<{ order: string[]; photo: string; actions: Action[] } | null>(null);
  useEffect(() => {
    if (!focusAfter || focusAfter.order.join("\n") !== photos.join("\n")) return;
    setFocusAfter(null);
    for (const action of focusAfter.actions) {
      const element = buttons.current.get(`${focusAfter.photo} ${action}`);
      if (element && !element.disabled) return element.focus();
    }
  }, [focusAfter, photos]);

  const failed = (caught: unknown, fallback: string) => {
    if (hasErrorCode(caught, "photoOrderStale", "photoNotFound", "photoRemoveBelowMinimum")) {
      setError(MESSAGES[caught.code]);
      void queryClient.invalidateQueries({ queryKey: photoListQueryKey });
    } else {
      setError(fallback);
    }
  };

  /** Moves a photo; the list shows the new order at once and is put back if the save fails. */
  const move = async (from: number, to: number, action: Action | null) => {
    const photo = photos[from];
    if (busy || photo === undefined || from === to) return;
    setError(null);
    const before = photos;
    queryClient.setQueryData(photoListQueryKey, movePhoto(photos, from, to));
    try {
      const saved = await reorder.mutateAsync(movePhoto(photos, from, to));
      setAnnouncement(photoMovedAnnouncement(from + 1, to + 1, count));
      if (action) setFocusAfter({ order: saved.photos, photo, actions: [action, "earlier", "later", "main"] });
    } catch (caught) {
      queryClient.setQueryData(photoListQueryKey, before);
      failed(caught, T.photoOrderSaveFailed);
    }
  };

  const [drag, setDrag] = useState<PhotoDrag | null>(null);
  // Fetched once there are two photos to put in order: with one, or none, there is nothing to drag.
  const orderable = count > 1;
  useEffect(() => {
    if (!orderable || drag) return;
    let mounted = true;
    // Without it the buttons still do everything, so a failed fetch only leaves dragging out.
    import("./photo-drag.tsx").then(
      (module) => mounted && setDrag(module),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [orderable, drag]);

  const item = (photo: string, index: number, handle: DragHandle | null) => {
    const name = photoName(index + 1, count);
    const main = index === 0;
    return (
      <>
        <div
          ref={handle?.ref}
          {...handle?.listeners}
          className={`sm:row-span-2 sm:self-start ${
            handle && count > 1 ? "cursor-grab touch-manipulation select-none [-webkit-touch-callout:none]" : ""
          }`}
        >
          <img
            src={photo}
            alt={main ? `${name}, your main photo` : name}
            width={96}
            height={96}
            draggable={false}
            className="h-20 w-20 rounded-lg border border-line object-cover sm:h-24 sm:w-24"
          />
        </div>
        <p className="font-semibold">
          {name}
          {main && (
            <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-moss px-2 py-0.5 text-sm text-white">
              Main photo
            </span>
          )}
        </p>
        {confirming === photo ? (
          <div className="col-span-2 space-y-2 sm:col-span-1 sm:col-start-2">
            <p>{T.photoRemoveConfirm}</p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                ref={button(photo, "remove")}
                className="btn-primary min-h-11"
                onClick={() => void confirmRemove(index)}
              >
                Remove photo<span className="sr-only"> {index + 1}</span>
              </button>
              <button type="button" className="btn-secondary min-h-11" onClick={() => cancelRemove(photo)}>
                Keep it
              </button>
            </div>
          </div>
        ) : (
          <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:col-start-2">
            <button
              type="button"
              ref={button(photo, "earlier")}
              className={PHOTO_BUTTON}
              disabled={main}
              onClick={() => void move(index, index - 1, "earlier")}
            >
              Move earlier<span className="sr-only"> (photo {index + 1})</span>
            </button>
            <button
              type="button"
              ref={button(photo, "later")}
              className={PHOTO_BUTTON}
              disabled={index === count - 1}
              onClick={() => void move(index, index + 1, "later")}
            >
              Move later<span className="sr-only"> (photo {index + 1})</span>
            </button>
            {!main && (
              <button
                type="button"
                ref={button(photo, "main")}
                className={PHOTO_BUTTON}
                onClick={() => void move(index, 0, "main")}
              >
                {/* "photo" is heard but not shown on a phone, where the whole label would break over two lines. */}
                Make main<span className="max-sm:sr-only"> photo</span>
                <span className="sr-only"> (photo {index + 1})</span>
              </button>
            )}
            <button
              type="button"
              ref={button(photo, "remove")}
              className={`${PHOTO_BUTTON} text-danger ${main ? "col-start-2" : ""}`}
              disabled={!removable}
              aria-describedby={removable ? undefined : "photos-minimum"}
              onClick={() => {
                setError(null);
                setConfirming(photo);
                setFocusAfter({ order: photos, photo, actions: ["remove"] });
              }}
            >
              Remove<span className="sr-only"> (photo {index + 1})</span>
            </button>
          </div>
        )}
      </>
    );
  };

  const confirmRemove = async (index: number) => {
    const photo = photos[index];
    if (busy || photo === undefined) return;
    setError(null);
    try {
      const left = await remove.mutateAsync(photo);
      setConfirming(null);
      setAnnouncement(photoRemovedAnnouncement(index + 1, left.photos.length));
      const next = left.photos[Math.min(index, left.photos.length - 1)];
      if (next) setFocusAfter({ order: left.photos, photo: next, actions: ["remove", "earlier", "later", "main"] });
    } catch (caught) {
      setConfirming(null);
      failed(caught, T.photoRemoveFailed);
    }
  };

  const cancelRemove = (photo: string) => {
    setConfirming(null);
    setFocusAfter({ order: photos, photo, actions: ["remove"] });
  };

  return (
    <SectionFrame>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
      {count === 0 ? (
        <p>{T.photosNone}</p>
      ) : (
        <>
          {drag && count > 1 && <p className="text-sm text-ink-soft">{T.photosDragHint}</p>}
          {drag ? (
            <drag.DraggablePhotoList
              photos={photos}
              disabled={busy || confirming !== null || count < 2}
              label={LIST_LABEL}
              className={LIST_CLASS}
              itemClassName={ITEM_CLASS}
              // A drag never takes the focus, so there is none to bring back.
              onMove={(from, to) => void move(from, to, null)}
              renderItem={item}
            />
          ) : (
            <ol aria-label={LIST_LABEL} className={LIST_CLASS}>
              {photos.map((photo, index) => (
                <li key={photo} className={ITEM_CLASS}>
                  {item(photo, index, null)}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {count > 0 && !removable && (
        <p id="photos-minimum" className="text-sm text-ink-soft">
          {T.photoRemoveBelowMinimum}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Link to={paths.photoUpload} state={leavingSettingsState(location)} className="btn-secondary">
          {count === 0 ? "Upload photos" : count < PHOTOS_MAX ? "Add photos" : "Change photos"}
        </Link>
        <span className="text-sm text-ink-soft">{photoStatus(count)}</span>
      </div>
    </SectionFrame>
  );
}
