import { useState } from "react";
import { beginSearch, searchErrorMessage } from "./api.ts";

/** Begin Search and its message area, on the settings screen. */
export function SearchSection() {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onBegin() {
    setBusy(true);
    try {
      setMessage(await beginSearch(setMessage));
    } catch (error) {
      setMessage(searchErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="search-heading" className="card mt-6">
      <h2 id="search-heading" className="text-xl font-semibold">
        Search
      </h2>
      <p role="status" aria-live="polite" className="mt-2 min-h-6 text-ink-soft">
        {message}
      </p>
      <button type="button" className="btn-primary mt-3" onClick={onBegin} disabled={busy}>
        Begin Search
      </button>
    </section>
  );
}
