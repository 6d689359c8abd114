import { type ComponentType, useEffect, useState } from "react";

/**
 * A part of the page the server renders in full and the browser fetches after hydrating, keeping the server's HTML as
 * it is until the code arrives: for what the first paint shows but no early input needs (decision 057). `Rendered` is
 * the component on the server and null in the browser (a ternary on `import.meta.env.SSR`, so the browser's build
 * drops the static import). Until then the browser's copy is that HTML itself, not a Suspense boundary: a boundary
 * still waiting for its code when a navigation (the skip link's #main) or a re-render reaches it makes React drop the
 * server's HTML (error 421). When the code arrives the copy's inputs hand what was typed, and the focus, over. Only for
 * parts whose links and forms do as they would without JavaScript (not the unserviceable screen's drawer link).
 *
 * `early`, for a part of a route's page: when the route's module runs on a client-side navigation (the document has
 * hydrated: the root's `data-hydrated`), the part's code is fetched at once, beside the page's data, so the page renders
 * with the part rather than a moment without it (decision 072). On a document's first load it still waits for hydration.
 */
export function hydratedLater<P extends object>(
  id: string,
  Rendered: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
  { early = false }: { early?: boolean } = {},
) {
  let Loaded = Rendered;
  // The code fetched ahead on a client-side navigation, used if it is here when the part first renders.
  let arrived: ComponentType<P> | null = null;
  if (early && !Loaded && document.documentElement.hasAttribute("data-hydrated"))
    load().then(
      (component) => {
        arrived = component;
      },
      () => {},
    );
  return function HydratedLater(props: P) {
    const [, setLoaded] = useState(false);
    // With no server copy to keep there is nothing to swap: code already here renders as the part itself.
    if (!Loaded && arrived && document.getElementById(id) === null) Loaded = arrived;
    useEffect(() => {
      if (Loaded) return;
      // The swap comes with the part's code: the page's own JavaScript carries neither.
      Promise.all([load(), import("./swap-in-part")]).then(
        ([component, { swapInPart }]) =>
          swapInPart(id, () => {
            Loaded = component;
            setLoaded(true);
          }),
        // Offline or a new deploy: the server's HTML stays, links and GET forms working as without JavaScript.
        () => {},
      );
    }, []);
    return Loaded ? (
      <div id={id} className="contents">
        <Loaded {...props} />
      </div>
    ) : (
      <div
        id={id}
        className="contents"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of this very element, kept as is
        dangerouslySetInnerHTML={{ __html: document.getElementById(id)?.innerHTML ?? "" }}
      />
    );
  };
}
