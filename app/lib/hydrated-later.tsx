import { type ComponentType, useEffect, useState } from "react";
import { flushSync } from "react-dom";

/**
 * A part of the page the server renders in full and the browser fetches after hydrating, keeping the server's HTML as
 * it is until the code arrives: for what the first paint shows but no early input needs (decision 057). `Rendered` is
 * the component on the server and null in the browser (a ternary on `import.meta.env.SSR`, so the browser's build
 * drops the static import). Until then the browser's copy is that HTML itself, not a Suspense boundary: a boundary
 * still waiting for its code when a navigation (the skip link's #main) or a re-render reaches it makes React drop the
 * server's HTML (error 421). When the code arrives the copy's inputs hand what was typed, and the focus, over. Only for
 * parts whose links and forms do as they would without JavaScript (not the unserviceable screen's drawer link).
 */
export function hydratedLater<P extends object>(id: string, Rendered: ComponentType<P> | null, load: () => Promise<ComponentType<P>>) {
  let Loaded = Rendered;
  return function HydratedLater(props: P) {
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (Loaded) return;
      load().then(
        (component) => {
          // What the shopper typed into the copy, and where they were typing, carry over to the real thing: it renders
          // the same elements, so each is found again by its place in the part.
          const inputs = () => document.querySelectorAll<HTMLInputElement>(`#${id} input`);
          const elements = () => [...document.querySelectorAll<HTMLElement>(`#${id} *`)];
          const typed = [...inputs()].map((input) => input.value);
          const active = document.activeElement;
          const focused = active instanceof HTMLElement ? elements().indexOf(active) : -1;
          const caret = active instanceof HTMLInputElement ? { start: active.selectionStart, end: active.selectionEnd } : null;
          Loaded = component;
          flushSync(() => setLoaded(true));
          inputs().forEach((input, i) => {
            input.value = typed[i] ?? input.value;
          });
          const again = focused >= 0 ? elements()[focused] : undefined;
          again?.focus({ preventScroll: true });
          if (again instanceof HTMLInputElement && caret) again.setSelectionRange(caret.start, caret.end);
        },
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
