// An event stream (/api/events) read as the browser reads it, for tests of what reaches a tab.

/** Opens a stream as `cookie`, keeping everything received, and waits until it is open. */
export async function openEventStream(port: number, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the event stream answered ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const state = { text: "", ended: false };
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        state.text += new TextDecoder().decode(value);
      }
    } catch {
      // aborted by the test
    }
    state.ended = true;
  })();
  const until = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await until(() => state.text.includes("retry:"), "the stream to open");
  const close = async () => {
    controller.abort();
    await pump;
  };
  return { state, until, close };
}
