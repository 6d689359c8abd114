import { useEffect, useState } from "react";
import { withMessages } from "../i18n/with-messages";
import { hydratedLater } from "../lib/hydrated-later";
import type { HomeData } from "../route-data";
import { HomeBlocks } from "./blocks/home-blocks";
import { Unserviceable } from "./location/unserviceable";
import { MainLandmark } from "./main-landmark";
import { PreviewHome as RenderedPreviewHome } from "./preview/preview-home";

// Only a store without products shows the preview, so its samples stay out of every store's initial JavaScript: the
// server renders it in full, and the browser fetches it after hydrating, keeping the server's HTML until it arrives (its
// links work meanwhile as without JavaScript). Not a Suspense boundary: a skip link followed before the code arrived
// made React drop the server's HTML (error 421, caught by tests/e2e/preview.test.ts).
const PreviewHome = hydratedLater("preview-home-part", import.meta.env.SSR ? RenderedPreviewHome : null, () =>
  import("./preview/preview-home").then(withMessages).then((module) => module.PreviewHome),
);

/** The home page from its loader's data: the route renders it, and the desktop shell shows it under dialogs. */
export function HomeView({ data }: { data: HomeData }) {
  // A store owner previewing the store inside the admin's frame sees the real home, not the preview. The server knows a
  // frame by Sec-Fetch-Dest; a browser without that header is corrected here, once hydrated (decision 044).
  const [embedded, setEmbedded] = useState(false);
  useEffect(() => setEmbedded(window.self !== window.top), []);
  if (data.unserviceable) return <Unserviceable />;
  if (data.preview && !embedded) return <PreviewHome admin={data.preview} />;
  return (
    <MainLandmark className="mx-auto max-w-6xl px-4 py-6 pb-24" data-testid="home">
      <HomeBlocks blocks={data.blocks} productsPage={data.productsPage} />
    </MainLandmark>
  );
}
