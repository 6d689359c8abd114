// scripts/vite/catalogue-chunks.ts: each language's catalogue chunk in the browser's build, for the server's pages.
declare module "virtual:catalogue-chunks" {
  const chunks: Record<import("../../commerce/languages").InterfaceLanguage, string>;
  export default chunks;
}
