/**
 * Writes the placeholder SVGs under public/demo/ for the demo stores (every image path named in
 * stores/food.json, stores/retail.json and stores/souq.json) and for the preview home. Run: npx tsx scripts/generate-demo-images.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { previewImage, SAMPLE_BANNERS, SAMPLE_CATEGORIES, SAMPLE_PRODUCTS } from "../app/components/preview/preview-samples";
import { translatorOf } from "../commerce/i18n/translators";
import { SHIPPED_LANGUAGES } from "../commerce/languages";
import { textDirection } from "../commerce/text-direction";
import { holdCompiledCatalogues } from "./i18n/compiled-catalogues";

// Read from disk here, as the Worker reads them from its static assets (decision 081).
holdCompiledCatalogues();

type Shape = keyof typeof SHAPES;

/** Simple white illustrations drawn in a 400x400 box. */
const SHAPES = {
  bowl: '<path d="M100 170h200a100 100 0 0 1-200 0z"/><path d="M160 140q-15-25 0-50M200 140q-15-25 0-50M240 140q-15-25 0-50" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/>',
  plate: '<circle cx="200" cy="165" r="105"/><circle cx="200" cy="165" r="70" fill-opacity=".5"/>',
  pizza:
    '<circle cx="200" cy="165" r="105"/><path d="M200 60v210M109 112l182 106M109 218l182-106" stroke="#000" stroke-opacity=".2" stroke-width="6"/>',
  glass: '<path d="M145 75h110l-16 185h-78z"/><path d="M225 45l-20 90" stroke="#fff" stroke-width="10" stroke-linecap="round"/>',
  dessert: '<circle cx="170" cy="140" r="42"/><circle cx="232" cy="140" r="42"/><path d="M110 175h180a90 90 0 0 1-180 0z"/>',
  skewer:
    '<path d="M70 250L330 80" stroke="#fff" stroke-width="8"/><rect x="105" y="175" width="60" height="60" rx="16"/><rect x="170" y="133" width="60" height="60" rx="16"/><rect x="235" y="90" width="60" height="60" rx="16"/>',
  shirt: '<path d="M160 70l-80 40 25 60 35-15v115h120V155l35 15 25-60-80-40q-40 35-80 0z"/>',
  hoodie:
    '<path d="M150 75l-70 45 22 110 38-10v55h120v-55l38 10 22-110-70-45q-50-30-100 0z"/><path d="M165 80q35 60 70 0" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="8"/>',
  trousers: '<path d="M145 60h110l20 220h-55l-20-150-20 150h-55z"/>',
  shoe: '<path d="M80 150q40 10 70-20l60 40q60 20 110 25 20 5 20 35v15H80z"/><rect x="80" y="245" width="260" height="18" rx="9" fill-opacity=".6"/>',
  bag: '<rect x="110" y="110" width="180" height="160" rx="24"/><path d="M160 110q0-55 40-55t40 55" fill="none" stroke="#fff" stroke-width="12"/>',
  fruit: '<circle cx="200" cy="180" r="90"/><path d="M200 95q30-50 80-40-20 45-80 40z"/>',
  loaf: '<path d="M90 260V170q0-75 110-75t110 75v90z"/><path d="M150 130l20 30M200 125l20 30M250 130l20 30" stroke="#000" stroke-opacity=".2" stroke-width="8"/>',
  bottle: '<rect x="170" y="55" width="60" height="40" rx="8"/><path d="M150 110h100q20 20 20 50v110H130V160q0-30 20-50z"/>',
  house: '<path d="M200 70l120 100h-30v100H110V170H80z"/>',
  box: '<rect x="100" y="90" width="200" height="170" rx="18"/><path d="M100 140h200" stroke="#000" stroke-opacity=".2" stroke-width="8"/>',
};

/** Which illustration a category (and its products) gets, by category slug. */
const CATEGORY_SHAPES: Record<string, Shape> = {
  starters: "skewer",
  biryani: "bowl",
  curries: "bowl",
  breads: "plate",
  "south-indian": "plate",
  pizzas: "pizza",
  desserts: "dessert",
  beverages: "glass",
  "t-shirts": "shirt",
  "hoodies-and-sweats": "hoodie",
  trousers: "trousers",
  footwear: "shoe",
  accessories: "bag",
  clothing: "shirt",
};
const PREVIEW_SHAPES: Shape[] = ["fruit", "fruit", "loaf", "bottle", "glass", "box", "house", "bottle"];

/** Banner headlines by store and banner id (banners have no text of their own). */
const BANNERS: Record<string, Record<number, [string, string, Shape]>> = {
  food: {
    1: ["Hyderabadi Dum Biryani", "Slow-cooked on dum, sealed in a handi", "bowl"],
    2: ["Indo-fusion pizzas", "Paneer tikka, tandoori chicken and more", "pizza"],
    3: ["Free delivery over ₹499", "Across Indiranagar, Koramangala and Jayanagar", "skewer"],
    4: ["Our story", "From a 12-seat counter to three kitchens", "plate"],
    5: ["Sweet endings", "Gulab jamun, rasmalai and kulfi falooda", "dessert"],
    6: ["Mango lassi season", "Alphonso mangoes and thick yoghurt", "glass"],
    7: ["Build your own thali", "Two curries, bread, rice and a sweet from ₹199", "plate"],
  },
  retail: {
    1: ["The Harbour Hoodie", "Brushed fleece, now 69,95 €", "hoodie"],
    2: ["Footwear for every trail", "Canvas sneakers and Chelsea boots", "shoe"],
    3: ["Free returns for 30 days", "Shipping & returns, made simple", "bag"],
  },
  souq: {
    1: ["هودي الميناء", "صوف مصقول، الآن 189 درهمًا", "hoodie"],
    2: ["إكسسوارات لكل يوم", "حقائب وقبعات وأحزمة جلدية", "bag"],
    3: ["إرجاع مجاني خلال 30 يومًا", "التوصيل في جميع أنحاء دبي", "box"],
  },
};

/** The preview's banners, by id: their words are messages, drawn in each shipped language. */
const PREVIEW_BANNERS = {
  1: ["preview.banner_1_title", "preview.banner_1_text", "box"],
  2: ["preview.banner_2_title", "preview.banner_2_text", "fruit"],
  3: ["preview.banner_3_title", "preview.banner_3_text", "bag"],
} as const;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Darkens (negative) or lightens a #rrggbb colour by a fraction. */
function shade(hex: string, amount: number): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16);
    return Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** Splits a name into at most two lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const words = text.split(" ");
  let first = "";
  while (words.length > 1 && `${first} ${words[0]}`.trim().length <= width) first = `${first} ${words.shift()}`.trim();
  return [first || words.shift()!, words.join(" ")];
}

function svg(w: number, h: number, color: string, body: string, size = w): string {
  const bg = `<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="${shade(color, 0.15)}"/><stop offset="1" stop-color="${shade(color, -0.25)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${Math.round((size * h) / w)}" viewBox="0 0 ${w} ${h}" font-family="system-ui,sans-serif">${bg}${body}</svg>\n`;
}

/** A 400x400 tile: illustration with the name underneath. */
function tile(name: string, color: string, shape: Shape): string {
  const rows = lines(name, 18);
  const text = rows.map((row, i) => `<text x="200" y="${(rows.length === 1 ? 335 : 318) + i * 38}">${escapeXml(row)}</text>`).join("");
  return svg(
    400,
    400,
    color,
    `<g fill="#fff" fill-opacity=".9">${SHAPES[shape]}</g><g fill="#fff" font-size="32" font-weight="700" text-anchor="middle">${text}</g>`,
  );
}

/**
 * A 1200x400 banner (or 1200x630 share image): headline, subline and an illustration at the end of the reading
 * direction: on the right for a left-to-right store, on the left (its text from the right edge) for a right-to-left one.
 */
function banner(title: string, subtitle: string, color: string, shape: Shape, h = 400, rtl = false): string {
  const y = h / 2;
  const fontSizeFor = (text: string, max: number, em: number) => Math.min(max, Math.floor(780 / (em * text.length)));
  const [circleX, shapeX, textX] = rtl ? [200, 20, 1120] : [1000, 820, 80];
  const direction = rtl ? ' direction="rtl"' : "";
  return svg(
    1200,
    h,
    color,
    `<circle cx="${circleX}" cy="${y}" r="200" fill="#fff" fill-opacity=".12"/><g fill="#fff" fill-opacity=".9" transform="translate(${shapeX} ${y - 148}) scale(.9)">${SHAPES[shape]}</g>` +
      `<text x="${textX}" y="${y - 10}"${direction} fill="#fff" font-size="${fontSizeFor(title, 68, 0.6)}" font-weight="800">${escapeXml(title)}</text>` +
      `<text x="${textX}" y="${y + 50}"${direction} fill="#fff" fill-opacity=".85" font-size="${fontSizeFor(subtitle, 34, 0.52)}">${escapeXml(subtitle)}</text>`,
  );
}

/** A square mark with the store's initials, used for the logo and the favicons. */
function mark(name: string, color: string, size: number): string {
  const initials = name
    .split(" ")
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
  return svg(
    128,
    128,
    color,
    `<text x="64" y="84" fill="#fff" font-size="52" font-weight="800" text-anchor="middle">${escapeXml(initials)}</text>`,
    size,
  );
}

const files = new Map<string, string>();
const put = (path: string, content: string) => files.set(`public${path}`, content);

interface StoreFile {
  settings: Record<string, string>;
  categories: { id: number; name: string; slug: string; primary_image: string | null; color: string | null }[];
  banners: { id: number; image: string }[];
  products: { name: string; category_id: number | null; images: string[] }[];
}

for (const slug of ["food", "retail", "souq"]) {
  const store: StoreFile = JSON.parse(readFileSync(`stores/${slug}.json`, "utf8"));
  const { storeName, storeBgColor, language } = store.settings as Record<string, string>;
  const rtl = textDirection(language ?? "en") === "rtl";
  const categories = new Map(store.categories.map((c) => [c.id, c]));
  for (const c of store.categories)
    if (c.primary_image) put(c.primary_image, tile(c.name, c.color ?? storeBgColor!, CATEGORY_SHAPES[c.slug] ?? "box"));
  store.products.forEach((p, i) => {
    const c = p.category_id === null ? undefined : categories.get(p.category_id);
    const color = shade(c?.color ?? storeBgColor!, -0.06 * (i % 3));
    for (const image of p.images) put(image, tile(p.name, color, CATEGORY_SHAPES[c?.slug ?? ""] ?? "box"));
  });
  for (const b of store.banners) {
    const [title, subtitle, shape] = BANNERS[slug]?.[b.id] ?? [storeName!, "", "box"];
    put(b.image, banner(title, subtitle, storeBgColor!, shape, 400, rtl));
  }
  const s = store.settings;
  if (s.logo) put(s.logo, mark(storeName!, storeBgColor!, 128));
  for (const [key, value] of Object.entries(s))
    if (/^favicon_\d+$/.test(key)) put(value, mark(storeName!, storeBgColor!, Number(key.slice(8))));
  if (s.og_image)
    put(s.og_image, banner(storeName!, s.seo_meta_title?.split(" | ")[1] ?? "", storeBgColor!, BANNERS[slug]?.[1]?.[2] ?? "box", 630, rtl));
}

const PREVIEW_COLOR = "#4f46e5";
const PREVIEW_TILE_COLORS = ["#16a34a", "#65a30d", "#b45309", "#0284c7", "#0891b2", "#ea580c", "#7c3aed", "#db2777"];
// The pictures carry the samples' names, so there is one set per shipped language, each where the preview asks for it
// in that language (previewImage: English at the folder's top, the others in a folder each).
for (const language of SHIPPED_LANGUAGES) {
  const t = translatorOf(language);
  const rtl = textDirection(language) === "rtl";
  for (const b of SAMPLE_BANNERS) {
    const [title, subtitle, shape] = PREVIEW_BANNERS[b.id as keyof typeof PREVIEW_BANNERS];
    put(previewImage(b.image, language), banner(t(title), t(subtitle), PREVIEW_COLOR, shape, 400, rtl));
  }
  for (const [i, c] of SAMPLE_CATEGORIES.entries())
    put(previewImage(c.primary_image!, language), tile(t(c.name), PREVIEW_TILE_COLORS[i]!, PREVIEW_SHAPES[i]!));
  for (const [i, p] of SAMPLE_PRODUCTS.entries()) {
    const shape = (["fruit", "loaf", "bottle", "glass", "box"] as const)[i]!;
    put(previewImage(p.image, language), tile(t(p.name), PREVIEW_TILE_COLORS[(i * 3) % 8]!, shape));
  }
}

for (const [path, content] of files) {
  if (Buffer.byteLength(content) > 1536) throw new Error(`${path} is ${Buffer.byteLength(content)} bytes; keep demo images under 1.5 KB`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
console.log(`wrote ${files.size} images`);
