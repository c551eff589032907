import { PHOTOS_PATH, type PhotosResponse, photoFieldName } from "@sams-web/domain/photos/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

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
