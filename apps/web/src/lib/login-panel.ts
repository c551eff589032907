import { createContext, useContext } from "react";

/** Which of its two forms the panel shows. */
export type LoginPanelMode = "login" | "signup";

export interface LoginPanelControls {
  /** Opens the panel on Login, or on Sign Up for someone asked to sign up. */
  openLoginPanel: (mode?: LoginPanelMode) => void;
  closeLoginPanel: () => void;
}

/** Provided once by the app shell, which owns the panel itself. */
export const LoginPanelContext = createContext<LoginPanelControls | null>(null);

/** Any screen may open the login panel (the header, the chat's guest reminder, settings). */
export function useLoginPanel(): LoginPanelControls {
  const controls = useContext(LoginPanelContext);
  if (!controls) throw new Error("useLoginPanel needs a LoginPanelProvider");
  return controls;
}
