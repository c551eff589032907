import { EXPORT_PATH } from "@sams-web/domain/privacy/contracts";
import { ApiError } from "../../../lib/api-client.ts";

/** Fetches the archive and hands it to the browser as a file download. */
export async function downloadExport(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(EXPORT_PATH, { credentials: "same-origin" });
  } catch {
    throw new ApiError("UNAVAILABLE", "The server could not be reached.", 0);
  }
  if (!response.ok) throw new ApiError("INTERNAL", response.statusText, response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "sams-web-data.zip";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
