import { type ComponentType, memo, Suspense } from "react";

/**
 * A part of the page the server renders in full and the browser fetches while hydrating, the server's HTML staying
 * until the code arrives: for what the first paint shows but no early input needs (decision 057). Give it the
 * component on the server and `lazy(() => import(…))` in the browser, in a ternary on `import.meta.env.SSR`, so the
 * browser's build drops the static import. Memoised: a parent's re-render (hydration's own, `useHydrated`) reaching
 * the boundary before its code has arrived would make React drop the server's HTML and render it afresh (error 421).
 */
export function hydratedLater<P extends object>(Component: ComponentType<P>) {
  return memo(function HydratedLater(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  });
}
