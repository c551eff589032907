import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useRealtime } from "./realtime.ts";
import { useSession } from "./session.ts";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

function RealtimeListener() {
  const { user } = useSession();
  useRealtime(user?.id);
  return null;
}

/**
 * The server-state layer (TanStack Query plus live updates) for the screens that show a
 * signed-in person's data. Loaded with those screens, not with the first page.
 */
export default function QueryLayout({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeListener />
      {children}
    </QueryClientProvider>
  );
}
