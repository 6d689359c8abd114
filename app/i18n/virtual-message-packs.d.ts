// scripts/vite/message-packs.ts: which message ids each browser chunk names.
declare module "virtual:message-packs" {
  const packs: import("./message-packs").MessagePacks;
  export default packs;
}
