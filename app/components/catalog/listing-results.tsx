import { Link } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useT } from "../../i18n/use-t";
import { PagedProducts } from "./paged-products";

type Props = ComponentProps<typeof PagedProducts> & {
  /** Whether filters narrowed the list: an empty one then says so and offers to clear them. */
  filtered: boolean;
  clearHref: string;
};

/** The products of a category or search, or, when filters left none, that news with the way back. */
export function ListingResults({ filtered, clearHref, ...props }: Props) {
  const t = useT();
  if (filtered && props.firstPage.total === 0) {
    return (
      <div className="py-10 text-center text-gray-600" data-testid="no-matches">
        <p className="mb-3">{t("catalogue.no_matches")}</p>
        <Link to={clearHref} className="btn-outline" data-testid="clear-filters-empty">
          {t("catalogue.clear_filters")}
        </Link>
      </div>
    );
  }
  return <PagedProducts {...props} />;
}
