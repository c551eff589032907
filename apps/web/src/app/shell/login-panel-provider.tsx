import { type ReactNode, Suspense, useMemo, useState } from "react";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import { LoginPanelContext, type LoginPanelMode } from "../../lib/login-panel.ts";

// The panel's code (forms, password rules) loads when it first opens, not with the first page.
const LoginPanel = lazyWithRetry(() => import("../../features/accounts/login-panel.tsx"));

export function LoginPanelProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<LoginPanelMode | null>(null);
  const controls = useMemo(
    () => ({
      openLoginPanel: (mode: LoginPanelMode = "login") => setOpen(mode),
      closeLoginPanel: () => setOpen(null),
    }),
    [],
  );
  return (
    <LoginPanelContext.Provider value={controls}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <LoginPanel initialMode={open} onClose={controls.closeLoginPanel} />
        </Suspense>
      )}
    </LoginPanelContext.Provider>
  );
}
