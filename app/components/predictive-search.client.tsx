import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { type InputHTMLAttributes, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { DEFAULT_BRANCH_ID } from "../../commerce/branch-choice";
import { highlightParts } from "../../commerce/highlight";
import type { PredictiveAnswer } from "../../worker/catalog/predictive-search";
import { browserOrigin } from "../browser-origin";
import { useT } from "../i18n/use-t";
import type { ImageSlot } from "../lib/image-sources";
import type { RootData } from "../route-data";
import { Price } from "./price";
import { StoreImage } from "./store-image";

/** The search box's own props, with or without its suggestions (product-search-field.tsx renders the plain one first). */
export type ProductSearchFieldProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "placeholder" | "maxLength" | "defaultValue" | "autoFocus"
> & {
  id: string;
};

/**
 * A suggestion's thumbnail (h-10 w-10). Here rather than in IMAGE_SLOTS: that module is in every page's initial JS,
 * and the home page has no bytes to spare (decision 010).
 */
const SUGGESTION_IMAGE: ImageSlot = { widths: [40, 80, 120], sizes: "40px" };

/** Quiet time after a keystroke before asking: a word typed at speed is one request, not one a letter. */
const DEBOUNCE_MS = 120;

type Choice =
  | { kind: "all"; q: string }
  | { kind: "product"; item: PredictiveAnswer["products"][number] }
  | { kind: "category"; item: PredictiveAnswer["categories"][number] };

/** Answers already had in this page's life, by branch and text: typing back over a prefix asks nothing again. */
const seen = new Map<string, PredictiveAnswer>();

function Highlighted({ text, typed }: { text: string; typed: string }) {
  return (
    <>
      {highlightParts(text, typed).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never move
          <mark key={i} className="bg-transparent font-semibold text-ink">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The search box as a WAI-ARIA combobox (Headless UI's): matching products (name, picture, price at the shopper's
 * branch) and categories appear under it while typing, after a first option for the full results, which is the one
 * Enter takes until the arrows move (Headless UI makes the first option active); Enter on a product or category opens
 * it; Escape closes the list, and Enter then submits the form as without JavaScript.
 */
export default function PredictiveSearchInput({
  id,
  placeholder,
  maxLength,
  defaultValue,
  autoFocus,
  className,
}: ProductSearchFieldProps & { className: string }) {
  const t = useT();
  const navigate = useNavigate();
  const branchId = useRouteLoaderData<RootData>("root")?.branch.id ?? DEFAULT_BRANCH_ID;
  // Whatever was typed into the plain box this replaces, and whether it had the focus, carry over.
  const [plain] = useState(() => document.getElementById(id) as HTMLInputElement | null);
  const [typed] = useState(() => plain?.value ?? String(defaultValue ?? ""));
  const [hadFocus] = useState(() => document.activeElement?.id === id);
  // The selection too: a keystroke on its way replaces selected text as it would have in the plain box.
  const [selection] = useState(() => [plain?.selectionStart ?? typed.length, plain?.selectionEnd ?? typed.length] as const);
  // Typed into the plain box while this code was on its way: the list opens as the focus carries over, as it would
  // have on the keystroke.
  const carried = hadFocus && typed !== "" && typed !== String(defaultValue ?? "");
  const [query, setQuery] = useState(typed);
  const [answer, setAnswer] = useState<PredictiveAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    if (!hadFocus) return;
    input.current?.focus();
    input.current?.setSelectionRange(...selection);
  }, [hadFocus, selection]);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setAnswer(null);
      return;
    }
    const key = `${branchId}:${q.toLowerCase()}`;
    const known = seen.get(key);
    if (known) {
      setAnswer(known);
      return;
    }
    // Superseded requests are cancelled: only the answer to what is in the box now is shown.
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await browserOrigin(branchId).api["predictive-search"].$get(
          { query: { q } },
          { init: { signal: controller.signal } },
        );
        if (!response.ok) return;
        const body = await response.json();
        seen.set(key, body);
        setAnswer(body);
      } catch {
        // Cancelled, or offline: the form still searches on Enter.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, branchId]);

  const choose = (choice: Choice | null) => {
    if (!choice) return;
    // Done with the box: a phone's keyboard goes away, and the nav's search row with it (nav-search.tsx).
    input.current?.blur();
    if (choice.kind === "all") navigate(`/search?${new URLSearchParams({ q: choice.q })}`);
    else navigate(choice.kind === "product" ? `/product/${choice.item.slug}` : `/category/${choice.item.slug}`);
  };

  const shown = answer && query.trim() ? answer : null;
  const empty = !shown || (shown.products.length === 0 && shown.categories.length === 0);
  const option = "flex cursor-pointer items-center gap-3 px-3 py-2 data-[focus]:bg-brand-a10";
  return (
    <Combobox<Choice | null> value={null} onChange={choose} immediate={carried}>
      {() => {
        return (
          <div className="relative min-w-0 flex-1">
            <ComboboxInput
              ref={input}
              id={id}
              name="q"
              type="search"
              autoComplete="off"
              placeholder={placeholder}
              maxLength={maxLength}
              autoFocus={autoFocus}
              displayValue={() => query}
              onChange={(event) => setQuery(event.target.value)}
              className={`${className} w-full`}
              data-testid="predictive-input"
            />
            {empty ? null : (
              <ComboboxOptions
                // Not modal (Headless UI's default makes the rest of the page inert and stops its scrolling while the
                // list is open): the Search button beside the box, the filters and the page stay usable.
                modal={false}
                className="absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 text-sm text-ink shadow-lg"
                data-testid="predictive-options"
              >
                {/* First, so it is the option Enter takes until the arrows move: the full results, as without JavaScript. */}
                <ComboboxOption value={{ kind: "all", q: query.trim() }} className={option} data-testid="predictive-all">
                  <span>
                    <WithQuery text={t("catalogue.suggest_all", { q: QUERY_MARK })} query={query.trim()} />
                  </span>
                </ComboboxOption>
                <OptionGroup label={t("catalogue.suggest_products")}>
                  {shown.products.map((product) => (
                    <ComboboxOption key={`p${product.id}`} value={{ kind: "product", item: product }} className={option}>
                      {product.image ? (
                        <StoreImage
                          src={product.image}
                          alt=""
                          shownAt={SUGGESTION_IMAGE}
                          width={40}
                          height={40}
                          className="h-10 w-10 rounded object-cover"
                        />
                      ) : (
                        <span className="h-10 w-10 rounded bg-brand-s10" />
                      )}
                      <span className="min-w-0 flex-1 truncate">
                        <Highlighted text={product.name} typed={query} />
                      </span>
                      <Price amount={product.selling_price} original={product.original_price} />
                    </ComboboxOption>
                  ))}
                </OptionGroup>
                <OptionGroup label={t("catalogue.suggest_categories")}>
                  {shown.categories.map((category) => (
                    <ComboboxOption key={`c${category.id}`} value={{ kind: "category", item: category }} className={option}>
                      <span>
                        <Highlighted text={category.name} typed={query} />
                      </span>
                    </ComboboxOption>
                  ))}
                </OptionGroup>
              </ComboboxOptions>
            )}
          </div>
        );
      }}
    </Combobox>
  );
}

/** Stands for the query in its message, where the query is set in bold. */
const QUERY_MARK = "\u0000";

/** A message with the query set in bold, wherever the language puts it. */
function WithQuery({ text, query }: { text: string; query: string }) {
  const [before = "", after = ""] = text.split(QUERY_MARK);
  return (
    <>
      {before}
      <span className="font-semibold">{query}</span>
      {after}
    </>
  );
}

/** One labelled group of the list's options; nothing when it has none. */
function OptionGroup({ label, children }: { label: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (WAI-ARIA listbox pattern), never fieldsets
    <div role="group" aria-label={label}>
      <p className="px-3 pb-1 pt-2 text-xs font-medium uppercase text-gray-600" aria-hidden="true">
        {label}
      </p>
      {children}
    </div>
  );
}
