import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { Component, type ReactNode } from "react";

/**
 * A screen that could not be shown (most likely its code failed to download even after
 * lib/lazy-with-retry.ts tried again) says so and offers to try again, while the header, footer
 * and banners stay. Keyed by path in the shell, so
 * moving to another screen starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  // Failed while offline: the page tries again by itself as soon as the connection is back.
  private readonly reloadWhenOnline = () => window.location.reload();

  override componentDidUpdate() {
    if (this.state.failed && !navigator.onLine) {
      window.addEventListener("online", this.reloadWhenOnline, { once: true });
    }
  }

  override componentWillUnmount() {
    window.removeEventListener("online", this.reloadWhenOnline);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <p>{FIRST_PAGE_MESSAGES.screenLoadFailed}</p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
}
