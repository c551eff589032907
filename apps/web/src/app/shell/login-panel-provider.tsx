import { type ReactNode, Suspense, useMemo, useState } from "react";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import { LoginPanelContext } from "../../lib/login-panel.ts";

// The panel's code (forms, password rules) loads when it first opens, not with the first page.
const LoginPanel = lazyWithRetry(() => import("../../features/accounts/login-panel.tsx"));

export function LoginPanelProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const controls = useMemo(() => ({ openLoginPanel: () => setOpen(true), closeLoginPanel: () => setOpen(false) }), []);
  return (
    <LoginPanelContext.Provider value={controls}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <LoginPanel onClose={controls.closeLoginPanel} />
        </Suspense>
      )}
    </LoginPanelContext.Provider>
  );
}
