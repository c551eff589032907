import {
  PHOTO_ORDER_PATH,
  PHOTOS_PATH,
  type PhotoOrderRequest,
  type PhotosResponse,
  photoFieldName,
} from "@sams-web/domain/photos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

/** Under the realtime topic 'photos'. */
export const photosQueryKey = ["photos"] as const;
/** The saved photos' addresses, in order (Settings' photos section); under 'photos' too. */
export const photoListQueryKey = [...photosQueryKey, "list"] as const;

/** The saved photos as blobs, so they can join the list being edited and be saved again. */
export async function getPhotos(): Promise<Blob[]> {
  const { photos } = await apiFetch<PhotosResponse>(PHOTOS_PATH);
  return Promise.all(
    photos.map(async (url) => {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`photo ${response.status}`);
      return response.blob();
    }),
  );
}

export function usePhotos() {
  // Loaded once per visit: the list is then edited locally until saved.
  return useQuery({ queryKey: photosQueryKey, queryFn: getPhotos, staleTime: Number.POSITIVE_INFINITY, gcTime: 0 });
}

/** Replaces the saved set with these 560×560 JPEGs, in order. */
export async function savePhotos(photos: Blob[]): Promise<string[]> {
  const form = new FormData();
  photos.forEach((photo, index) => {
    form.append(photoFieldName(index), photo, `${photoFieldName(index)}.jpg`);
  });
  return (await apiFetch<PhotosResponse>(PHOTOS_PATH, { method: "PUT", body: form })).photos;
}

export function useSavePhotos() {
  return useMutation({ mutationFn: savePhotos });
}

/** The saved photos' addresses, in order: the first is the main photo. */
export function usePhotoList() {
  return useQuery({
    queryKey: photoListQueryKey,
    queryFn: async () => (await apiFetch<PhotosResponse>(PHOTOS_PATH)).photos,
  });
}

/** Each answers the photos as saved now, which become the list shown. */
function usePhotoListMutation<Input>(mutationFn: (input: Input) => Promise<PhotosResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ photos }) => queryClient.setQueryData(photoListQueryKey, photos),
  });
}

/** Saves a new order of the same photos (the first becomes the main photo). */
export function useReorderPhotos() {
  return usePhotoListMutation((photos: string[]) =>
    apiFetch<PhotosResponse>(PHOTO_ORDER_PATH, {
      method: "PUT",
      json: { photos } satisfies PhotoOrderRequest,
    }),
  );
}

/** Removes one photo; DELETE on its own address. */
export function useRemovePhoto() {
  return usePhotoListMutation((photo: string) => apiFetch<PhotosResponse>(photo, { method: "DELETE" }));
}
