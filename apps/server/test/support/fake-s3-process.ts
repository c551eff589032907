import http from "node:http";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

// s3rver, the fake S3 server, in a process of its own: started by fake-s3.ts with Node's
// --openssl-legacy-provider, as the continuation token s3rver writes into a truncated listing is
// DES-encrypted and OpenSSL 3 refuses DES otherwise. Argument: JSON { directory, buckets,
// maxKeysPerPage? }. Prints { "port": N } on its first line once it answers; stops on SIGTERM.
//
// With maxKeysPerPage, listings go through a proxy that lowers each ListObjectsV2 request's
// max-keys to it: S3 says a listing "might contain fewer keys" than MaxKeys asked for, and this
// is such a store, answering short pages with IsTruncated and a continuation token while more
// remain. (The lowered max-keys no longer matches the request's signature, so the store is told
// to let mismatched signatures through.)

interface Options {
  directory: string;
  buckets: string[];
  maxKeysPerPage?: number;
}

const options = JSON.parse(process.argv[2] ?? "{}") as Options;
const limited = options.maxKeysPerPage !== undefined;
const s3rver = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: options.directory,
  configureBuckets: options.buckets.map((name) => ({ name })),
  allowMismatchedSignatures: limited,
});
const { port: storePort } = (await s3rver.run()) as { port: number };

function withShortPages(requestUrl: string, maxKeys: number): string {
  const url = new URL(requestUrl, "http://store");
  if (url.searchParams.get("list-type") !== "2") return requestUrl;
  const asked = Number(url.searchParams.get("max-keys") ?? 1000);
  url.searchParams.set("max-keys", String(Math.min(asked, maxKeys)));
  return `${url.pathname}${url.search}`;
}

let proxy: http.Server | undefined;
if (limited) {
  const maxKeys = options.maxKeysPerPage as number;
  proxy = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: storePort,
        method: request.method,
        path: withShortPages(request.url ?? "/", maxKeys),
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => response.destroy(error));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy?.listen(0, "127.0.0.1", resolve));
}

const port = proxy ? (proxy.address() as { port: number }).port : storePort;
process.stdout.write(`${JSON.stringify({ port })}\n`);

process.on("SIGTERM", async () => {
  proxy?.close();
  await s3rver.close();
  process.exit(0);
});
