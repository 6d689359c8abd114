import { describe, expect, it } from "vitest";
import { IMAGE_SLOTS, imageSources } from "../../app/lib/image-sources";

const uploaded = `/media/images/${"ab".repeat(32)}.jpg`;

describe("imageSources", () => {
  it("asks Cloudflare for an uploaded image at each width of its slot when resizing is on", () => {
    expect(imageSources(uploaded, IMAGE_SLOTS.navLogo, true)).toEqual({
      src: `/cdn-cgi/image/width=96,format=auto${uploaded}`,
      srcSet: [32, 64, 96].map((w) => `/cdn-cgi/image/width=${w},format=auto${uploaded} ${w}w`).join(", "),
      sizes: "32px",
    });
  });

  it("serves an uploaded image as stored when resizing is off: one candidate, as wide as the slot's largest", () => {
    expect(imageSources(uploaded, IMAGE_SLOTS.banner, false)).toEqual({
      src: uploaded,
      srcSet: `${uploaded} 2400w`,
      sizes: "(min-width: 1280px) 1280px, 100vw",
    });
  });

  it("leaves the demo's files and URLs elsewhere as they are, even with resizing on", () => {
    for (const src of ["/demo/food/products/margherita-pizza.svg", "https://images.example.com/a,b.jpg", "/media/avatars/1/2/x.png"]) {
      expect(imageSources(src, IMAGE_SLOTS.productCard, true)).toEqual({
        src,
        srcSet: `${src} 640w`,
        sizes: "(min-width: 769px) 33vw, 50vw",
      });
    }
    // A space would end the candidate's address.
    expect(imageSources("https://x.example/a b.png", IMAGE_SLOTS.cartLine, true).srcSet).toBe("https://x.example/a%20b.png 192w");
  });

  it("gives every slot widths to choose from and a sizes the browser can read", () => {
    for (const [name, slot] of Object.entries(IMAGE_SLOTS)) {
      expect(slot.widths.length, name).toBeGreaterThan(1);
      expect(
        [...slot.widths].sort((a, b) => a - b),
        name,
      ).toEqual(slot.widths);
      expect(slot.sizes, name).toMatch(/(\d+px|\d+vw|\))$/);
    }
  });
});
