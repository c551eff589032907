import type { Location } from "react-router";

// Settings' Close goes back to the place Settings was opened from. Arriving at Settings pushes one
// history entry, so one step back is usually enough. The photo upload page is a detour out of
// Settings and back: on the way back it puts Settings in place of its own entry, so Close has one
// more entry to go back over for each detour. That count travels in router state; null means there
// is no place of ours behind Settings (it, or the upload page, was the visit's first page), and
// Close then goes to Sam.

/** Settings' photo section's id, which the photo upload page brings back into view. */
export const PHOTOS_SECTION = "photos";

/** Entries Settings' Close goes back, or null for none of ours (then it goes to Sam). */
export type SettingsCloseSteps = number | null;

function stateOf(location: Location): Record<string, unknown> {
  return typeof location.state === "object" && location.state !== null
    ? (location.state as Record<string, unknown>)
    : {};
}

function stepsIn(value: unknown): SettingsCloseSteps | undefined {
  return value === null || (typeof value === "number" && Number.isInteger(value) && value > 0) ? value : undefined;
}

/** A page opened by a push from another of ours: one step back; the visit's first page: none. */
function arrivalSteps(location: Location): SettingsCloseSteps {
  // React Router gives the first entry of a visit the key "default".
  return location.key === "default" ? null : 1;
}

/** How far back Close goes from Settings at `location`. */
export function settingsCloseSteps(location: Location): SettingsCloseSteps {
  const carried = stepsIn(stateOf(location).closeSteps);
  return carried === undefined ? arrivalSteps(location) : carried;
}

/** Router state for leaving Settings (at `location`) for the photo upload page. */
export function leavingSettingsState(location: Location) {
  return { settingsCloseSteps: settingsCloseSteps(location) };
}

/**
 * Router state for going to Settings from the photo upload page (at `location`), in place of the
 * upload page's history entry, with `section` brought into view.
 */
export function backToSettingsState(location: Location, section: string) {
  const fromSettings = stepsIn(stateOf(location).settingsCloseSteps);
  const closeSteps: SettingsCloseSteps =
    fromSettings === undefined ? arrivalSteps(location) : fromSettings === null ? null : fromSettings + 1;
  return { settingsSection: section, closeSteps };
}
