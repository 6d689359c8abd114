import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { routeSpeculates, speculationRules } from "../../lib/speculation-rules";
import { useHydrated } from "../../lib/use-hydrated";
import type { RootData } from "../../route-data";

/**
 * The page's Speculation Rules (decision 069), on catalogue routes only, with the answer's CSP nonce (the page cache
 * puts each answer's own in). They serve the taps that load a document: before hydration, and wherever the scripts
 * never run. Once hydrated, Remix's router answers a tap itself (its links prefetch their data on intent), so a
 * document fetched or rendered in the background would go unused: the element is removed, and Chromium drops the rules.
 */
export function SpeculationRules({ nonce }: { nonce: string | undefined }) {
  const kind = useRouteLoaderData<RootData>("root")?.speculation ?? null;
  const speculates = useMatches().some((match) => routeSpeculates(match.handle));
  const hydrated = useHydrated();
  if (kind === null || !speculates || hydrated) return null;
  return (
    <script
      type="speculationrules"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own constants, with no shopper input
      dangerouslySetInnerHTML={{ __html: JSON.stringify(speculationRules(kind)) }}
    />
  );
}
