// Draws the installable app's icons from the spider logo (apps/web/public/favicon.svg), with sharp:
//   node --import tsx scripts/make-app-icons.ts
// "any" icons are the logo as it is, on its own rounded card; the maskable one puts the spider in
// the middle 60% of a full square of the card's colour, inside the circle every platform's mask
// keeps (the inner 80%); the Apple touch icon is a full square, as iOS rounds it itself.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const web = path.resolve(import.meta.dirname, "../apps/web/public");
const logo = (await readFile(path.join(web, "favicon.svg"), "utf8")).trim();
const CARD = "#fbf8f4";
// The logo without its rounded card: the spider alone, for icons that bring their own background.
const spider = logo.replace(/<rect[^>]*\/>/, "");

async function render(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(web, "icons", file));
}

function onSquare(scale: number): string {
  const inner = spider.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${CARD}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

await render(logo, 192, "icon-192.png");
await render(logo, 512, "icon-512.png");
await render(onSquare(0.6), 512, "icon-maskable-512.png");
await render(onSquare(0.8), 180, "apple-touch-icon.png");
console.log("icons written to apps/web/public/icons");
