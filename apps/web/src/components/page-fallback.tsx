/**
 * What a screen shows while its code or its data is on the way. `fillsScreen`, for a screen known
 * to be taller than the window: the footer stays below the fold until it arrives, instead of
 * showing and then jumping away (a layout shift).
 */
export function PageFallback({ fillsScreen = false }: { fillsScreen?: boolean }) {
  return (
    <div
      className={`flex flex-1 items-center justify-center py-24 ${fillsScreen ? "min-h-dvh" : ""}`}
      role="status"
      aria-live="polite"
    >
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-rose/30 border-t-rose" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
