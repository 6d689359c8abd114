// scripts/vite/message-areas.ts: which browser chunks load which message areas, and each area's chunks per language.
declare module "virtual:message-areas" {
  const areas: import("./message-chunks").MessageAreas;
  export default areas;
}
