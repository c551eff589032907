// The dates a member reads on their own screens. Each formatter is made the first time a date is
// shown, not when its screen's code loads: the first Intl formatter a page makes loads the locale's
// data, tens of milliseconds on a slow phone, which would otherwise land in the task that draws the
// screen even when it shows no date (an empty Your web, a Settings page with no connections).

let day: Intl.DateTimeFormat | undefined;
let dayAndTime: Intl.DateTimeFormat | undefined;

/** "Nov 26, 2026": when two people were connected. */
export function formatDay(at: Date | number): string {
  day ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
  return day.format(at);
}

/** In the reader's own locale, to the minute: when a privacy request was made. */
export function formatDayAndTime(at: Date | number): string {
  dayAndTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return dayAndTime.format(at);
}
