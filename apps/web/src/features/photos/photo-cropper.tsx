import { CROP_NUDGE_STEPS, PHOTO_SIZE_PX } from "@sams-web/domain/photos/rules";
import { type KeyboardEvent, useRef, useState } from "react";
import Cropper, { type Area, type MediaSize, type Point, type Size } from "react-easy-crop";
import type { LoadedImage } from "./image-tools.ts";

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The cropper's keyboard nudge: 1 px, 10 with Shift, 100 with Ctrl or Meta. */
export function nudgeStep(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): number {
  if (event.ctrlKey || event.metaKey) return CROP_NUDGE_STEPS.ctrlOrMeta;
  if (event.shiftKey) return CROP_NUDGE_STEPS.shift;
  return CROP_NUDGE_STEPS.base;
}

/**
 * A square crop of `image`. Zoom stops where the crop would cover fewer than 560 source pixels,
 * so the result never has to be scaled up. The arrow keys move the picture under the frame.
 */
export function PhotoCropper({
  image,
  onConfirm,
  onCancel,
  busy,
}: {
  image: LoadedImage;
  onConfirm: (area: Area) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const area = useRef<Area | null>(null);
  const media = useRef<MediaSize | null>(null);
  const cropSize = useRef<Size | null>(null);
  const maxZoom = Math.max(1, Math.min(image.width, image.height) / PHOTO_SIZE_PX);

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = ARROWS[event.key];
    if (!direction || !media.current || !cropSize.current) return;
    // Handled here rather than by the cropper, whose own steps are 1 and 0.2.
    event.preventDefault();
    event.stopPropagation();
    const step = nudgeStep(event);
    const limitX = Math.max(0, (media.current.width * zoom - cropSize.current.width) / 2);
    const limitY = Math.max(0, (media.current.height * zoom - cropSize.current.height) / 2);
    setCrop((current) => ({
      x: Math.min(limitX, Math.max(-limitX, current.x - direction.x * step)),
      y: Math.min(limitY, Math.max(-limitY, current.y - direction.y * step)),
    }));
  };

  return (
    <section aria-labelledby="crop-heading" className="card space-y-4">
      <h2 id="crop-heading" className="text-xl font-semibold">
        Crop your photo
      </h2>
      <p id="crop-help" className="text-sm text-ink-soft">
        Drag or use the arrow keys to move the picture (Shift: 10 steps, Ctrl or ⌘: 100); zoom with the slider.
      </p>
      <div
        className="relative h-72 w-full overflow-hidden rounded-xl bg-ink sm:h-96"
        onKeyDownCapture={onKeyDownCapture}
      >
        <Cropper
          image={image.url}
          crop={crop}
          zoom={zoom}
          minZoom={1}
          maxZoom={maxZoom}
          aspect={1}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => {
            area.current = pixels;
          }}
          onMediaLoaded={(size) => {
            media.current = size;
          }}
          onCropSizeChange={(size) => {
            cropSize.current = size;
          }}
          cropperProps={{ role: "group", "aria-label": "Crop area", "aria-describedby": "crop-help" }}
        />
      </div>
      <label className="block">
        <span className="field-label">Zoom</span>
        <input
          type="range"
          className="w-full accent-rose"
          min={1}
          max={maxZoom}
          step={0.01}
          value={zoom}
          disabled={maxZoom === 1}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </label>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() => area.current && onConfirm(area.current)}
        >
          Confirm Crop
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
