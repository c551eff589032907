/** What a screen shows while its code or its data is on the way. */
export function PageFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-rose/30 border-t-rose" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
