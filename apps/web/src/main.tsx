import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router.tsx";
import "./app/styles.css";
import { registerServiceWorker } from "./lib/service-worker.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// The first render is a background one, which React draws in short slices it yields between,
// instead of one long task that holds the main thread while the page is loading.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  ),
);

registerServiceWorker();
