import { lazy, Suspense, useEffect, useState } from "react";

import type { ProductSearchFieldProps } from "./predictive-search.client";

// The suggestions (Headless UI's combobox) are fetched after hydration, only where a product search box is shown.
const PredictiveSearchInput = lazy(() => import("./predictive-search.client"));

const boxClass = "min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2.5 focus:border-brand focus:outline-none";

/**
 * The product search box and its Search button, for a GET form to /search whose query is `q`. Without JavaScript (and
 * until the suggestions' code has arrived) a plain box; then the same box suggests products and categories while
 * typing (decision 052).
 */
export function ProductSearchField(props: ProductSearchFieldProps) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const plain = <input {...props} name="q" type="search" className={boxClass} />;
  return (
    <div className="flex gap-2">
      {enhanced ? (
        <Suspense fallback={plain}>
          <PredictiveSearchInput {...props} className={boxClass} />
        </Suspense>
      ) : (
        plain
      )}
      <button type="submit" className="btn-brand" data-testid="search-submit">
        Search
      </button>
    </div>
  );
}
