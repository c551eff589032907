import { photoStatus } from "@sams-web/domain/photos/messages";
import { PHOTO_SAVE_REDIRECT_MS, PHOTO_SIZE_PX, PHOTOS_MAX, PHOTOS_MIN } from "@sams-web/domain/photos/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { trackEvent } from "../../lib/analytics.ts";
import { backToSettingsState, PHOTOS_SECTION } from "../../lib/settings-return.ts";
import { profileQueryKey } from "../profile/api.ts";
import { usePhotos, useSavePhotos } from "./api.ts";
import { cropToJpeg, type LoadedImage, loadImage } from "./image-tools.ts";
import { PhotoCropper } from "./photo-cropper.tsx";

interface Photo {
  id: number;
  blob: Blob;
  url: string;
}

let nextId = 1;
function toPhoto(blob: Blob): Photo {
  return { id: nextId++, blob, url: URL.createObjectURL(blob) };
}

function ProgressBar({ count }: { count: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Photos added"
      aria-valuemin={0}
      aria-valuemax={PHOTOS_MAX}
      aria-valuenow={count}
      aria-valuetext={`${count} of ${PHOTOS_MAX} photos`}
      className="grid grid-cols-5 gap-1.5"
    >
      {Array.from({ length: PHOTOS_MAX }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the five segments are fixed.
          key={i}
          className={`h-2 rounded-full ${i < count ? (count >= PHOTOS_MIN ? "bg-moss" : "bg-rose") : "bg-silk-deep"}`}
        />
      ))}
    </div>
  );
}

export default function PhotoUploadPage() {
  const existing = usePhotos();
  const save = useSavePhotos();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [pending, setPending] = useState<LoadedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const urls = useRef<string[]>([]);

  useEffect(() => {
    if (loaded || !existing.data) return;
    const initial = existing.data.map(toPhoto);
    urls.current.push(...initial.map((p) => p.url));
    setPhotos(initial);
    setLoaded(true);
  }, [existing.data, loaded]);

  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(
      () => navigate(paths.settings, { replace: true, state: backToSettingsState(location, PHOTOS_SECTION) }),
      PHOTO_SAVE_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [success, navigate, location]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    if (!file.type.startsWith("image/")) {
      setError(MESSAGES.notAnImage);
      return;
    }
    let image: LoadedImage;
    try {
      image = await loadImage(file);
    } catch {
      setError(MESSAGES.notAnImage);
      return;
    }
    if (image.width < PHOTO_SIZE_PX || image.height < PHOTO_SIZE_PX) {
      URL.revokeObjectURL(image.url);
      setError(MESSAGES.imageTooSmall);
      return;
    }
    setPending(image);
  };

  const closeCropper = () => {
    if (pending) URL.revokeObjectURL(pending.url);
    setPending(null);
    setCropping(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const confirmCrop = async (area: Parameters<typeof cropToJpeg>[1]) => {
    if (!pending) return;
    setCropping(true);
    try {
      const photo = toPhoto(await cropToJpeg(pending, area));
      urls.current.push(photo.url);
      setPhotos((current) => [...current, photo].slice(0, PHOTOS_MAX));
    } catch {
      setError(MESSAGES.notAnImage);
    }
    closeCropper();
  };

  const remove = (id: number) => {
    setPhotos((current) => current.filter((p) => p.id !== id));
    setSuccess(null);
  };

  const onSave = async () => {
    setError(null);
    if (photos.length < PHOTOS_MIN) {
      setError(MESSAGES.tooFewPhotos);
      return;
    }
    try {
      await save.mutateAsync(photos.map((p) => p.blob));
      trackEvent("photos_saved");
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      setSuccess(MESSAGES.photosSaved);
    } catch {
      setError(MESSAGES.photosSaveFailed);
    }
  };

  const full = photos.length >= PHOTOS_MAX;

  return (
    <PageLayout title="Upload Photos" intro="Add 2 to 5 photos of yourself. Each is cropped to a square.">
      <div className="space-y-6">
        <ProgressBar count={photos.length} />
        <p className="font-semibold" aria-live="polite">
          {photoStatus(photos.length)}
        </p>

        {existing.isError && (
          <p role="alert" className="text-danger">
            {MESSAGES.photosLoadFailed}
          </p>
        )}
        {error && (
          <p role="alert" className="font-semibold text-danger">
            {error}
          </p>
        )}
        {success && (
          <p role="status" className="font-semibold text-moss">
            {success}
          </p>
        )}

        {pending ? (
          <PhotoCropper
            image={pending}
            busy={cropping}
            onConfirm={(area) => void confirmCrop(area)}
            onCancel={closeCropper}
          />
        ) : (
          <div>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void onFile(event)}
            />
            <button
              ref={addButton}
              type="button"
              className="btn-secondary"
              disabled={full || (!loaded && existing.isPending)}
              onClick={() => fileInput.current?.click()}
            >
              Add Photo
            </button>
          </div>
        )}

        {photos.length > 0 && (
          <ul aria-label="Your photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <li key={photo.id} className="relative">
                <img
                  src={photo.url}
                  alt={`Your pick ${index + 1} of ${photos.length}`}
                  className="aspect-square w-full rounded-xl border border-line object-cover"
                />
                <button
                  type="button"
                  className="absolute top-1 right-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-full bg-white/95 px-3 text-sm font-semibold text-danger shadow"
                  onClick={() => remove(photo.id)}
                >
                  Delete<span className="sr-only"> photo {index + 1}</span>
                </button>
              </li>
            ))}
          </ul>
        )}

        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-primary"
            disabled={save.isPending || pending !== null || success !== null}
            onClick={() => void onSave()}
          >
            Save Photos
          </button>
          {/* In place of this page's history entry, so Settings' Close goes back past both. */}
          <Link
            to={paths.settings}
            replace
            state={backToSettingsState(location, PHOTOS_SECTION)}
            className="btn-secondary"
          >
            Back to Settings
          </Link>
        </div>
      </div>
    </PageLayout>
  );
}
