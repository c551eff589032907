import { constants } from "node:zlib";
import compress from "@fastify/compress";
import fp from "fastify-plugin";

/**
 * Compresses responses made on the fly (JSON, the HTML shell, text) above 1 KB, brotli or gzip as
 * the browser accepts. Brotli at quality 4: on a response made per request, the top quality costs
 * far more CPU than the bytes it saves. Built files come precompressed at the top quality (web-app.ts),
 * and streams that are already compressed (images, ZIP archives) are left alone.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ["br", "gzip"],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: "compression" },
);
