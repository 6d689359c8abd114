import type { Plugin } from "vite";

/**
 * The server build imports commerce/i18n/translators.ts by its path instead of holding a copy of its own, so the Worker
 * has one module of it: the catalogues the Worker reads (worker/i18n/catalogues.ts) are the ones the pages say their
 * words from (decisions 079 and 081).
 */
export function workerTranslators(): Plugin {
  return {
    name: "worker-translators",
    enforce: "pre",
    apply: (_config, env) => env.isSsrBuild === true,
    async resolveId(source, importer, options) {
      if (!/(^|\/)translators(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && /\/commerce\/i18n\/translators\.ts$/.test(resolved.id) ? { id: resolved.id, external: "absolute" } : null;
    },
  };
}
