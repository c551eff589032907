import { type ReactNode, useEffect, useState } from "react";

/**
 * Draws `children` only once the screen as first drawn with this has been painted (`fallback`
 * until then): for what lies below the first screen, so that its chunks and requests start after
 * what the person sees first is on screen, instead of competing with it.
 */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : fallback;
}
