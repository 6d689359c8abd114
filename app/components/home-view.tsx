import { lazy, Suspense, useEffect, useState } from "react";
import type { HomeData } from "../route-data";
import { HomeBlocks } from "./blocks/home-blocks";
import { Unserviceable } from "./location/unserviceable";
import { MainLandmark } from "./main-landmark";
import { PreviewHome as RenderedPreviewHome } from "./preview/preview-home";

// Only a store without products shows the preview, so its samples stay out of every store's initial JavaScript: the
// server renders it in full, and the browser fetches it while hydrating, keeping the server's HTML until it arrives.
const PreviewHome = import.meta.env.SSR
  ? RenderedPreviewHome
  : lazy(() => import("./preview/preview-home").then((module) => ({ default: module.PreviewHome })));

/** The home page from its loader's data: the route renders it, and the desktop shell shows it under dialogs. */
export function HomeView({ data }: { data: HomeData }) {
  // A store owner previewing the store inside the admin's frame sees the real home, not the preview. The server knows a
  // frame by Sec-Fetch-Dest; a browser without that header is corrected here, once hydrated (decision 044).
  const [embedded, setEmbedded] = useState(false);
  useEffect(() => setEmbedded(window.self !== window.top), []);
  if (data.unserviceable) return <Unserviceable />;
  if (data.preview && !embedded) {
    const empty = <MainLandmark className="mx-auto max-w-6xl px-4 py-6" />;
    return (
      <Suspense fallback={empty}>
        <PreviewHome admin={data.admin} />
      </Suspense>
    );
  }
  return (
    <MainLandmark className="mx-auto max-w-6xl px-4 py-6 pb-24" data-testid="home">
      <HomeBlocks blocks={data.blocks} productsPage={data.productsPage} />
    </MainLandmark>
  );
}
