import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ContentPage, PageLink } from "../content/pages";
import type { StoreClient } from "./store-client";
import { contentPageMarkdown } from "./text/page-text";

/** The store's own pages (about, policies …) as resources at their addresses on the store. */
export function registerStoreResources(server: McpServer, store: StoreClient) {
  server.registerResource(
    "store_page",
    new ResourceTemplate(`${store.origin}/page/{slug}`, {
      list: async () => ({
        resources: (await store.get<PageLink[]>("/api/get-pages")).map((page) => ({
          uri: `${store.origin}/page/${page.slug}`,
          name: page.slug,
          title: page.title,
          mimeType: "text/markdown",
        })),
      }),
    }),
    {
      title: "The store's pages",
      description: "The store's own pages: about the store, its policies (delivery, returns, privacy) and others.",
      mimeType: "text/markdown",
    },
    async (uri, { slug }) => {
      const page = await store.get<ContentPage>("/api/get-page", { slug: String(slug) });
      // The page's sanitised HTML as markdown (decision 091): what an agent reads best, with no markup of the store's.
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: contentPageMarkdown(page, store.origin) }] };
    },
  );
}
