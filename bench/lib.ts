import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export function chromiumPath(): string {
  return process.env.CHROME_PATH ?? "/usr/bin/chromium";
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// ── /proc: a process's CPU time (Linux) ──

const TICKS_PER_SECOND = 100;

/** A process's parent, its own CPU time, and that of its children which have exited (a backend that ended). */
export function procStat(pid: number): { ppid: number; cpuSeconds: number; exitedChildrenCpuSeconds: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      exitedChildrenCpuSeconds: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}
