import { createContext, type ReactNode, Suspense, useContext, useMemo, useState } from "react";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";

const LoginPanel = lazyWithRetry(() => import("../../features/accounts/login-panel.tsx"));

interface LoginPanelControls {
  openLoginPanel: () => void;
  closeLoginPanel: () => void;
}

const LoginPanelContext = createContext<LoginPanelControls | null>(null);

/** Any screen may open the login panel (the header, the chat's guest reminder, settings). */
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

export function useLoginPanel(): LoginPanelControls {
  const controls = useContext(LoginPanelContext);
  if (!controls) throw new Error("useLoginPanel needs a LoginPanelProvider");
  return controls;
}
