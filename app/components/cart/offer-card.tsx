import { Form } from "@remix-run/react";
import type { Offer } from "../../../worker/cart/offers";
import { useT } from "../../i18n/use-t";

/** A titled list of offers; nothing when there are none. */
export function OfferGroup({ title, offers }: { title: string; offers: Offer[] }) {
  if (offers.length === 0) return null;
  return (
    <section>
      <h2 className="section-title">{title}</h2>
      <ul className="flex flex-col gap-3">
        {offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} />
        ))}
      </ul>
    </section>
  );
}

/** One offer: what it gives, whether it applies to this cart now and why not, and for a coupon an Apply button. */
function OfferCard({ offer }: { offer: Offer }) {
  const t = useT();
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="offer">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">{offer.label}</p>
          {offer.description ? <p className="text-sm text-gray-600">{offer.description}</p> : null}
        </div>
        {offer.code ? (
          <span className="rounded bg-brand-a10 px-2 py-1 font-mono text-sm" data-testid="offer-code">
            {offer.code}
          </span>
        ) : null}
      </div>
      <p className={`text-sm ${offer.applies ? "text-green-700" : "text-gray-600"}`} data-testid="offer-message">
        {offer.message}
      </p>
      {offer.code && !offer.is_applied ? (
        <Form method="post" action="/cart">
          <input type="hidden" name="intent" value="apply-coupon" />
          <input type="hidden" name="code" value={offer.code} />
          <button type="submit" className="btn-outline py-1.5 text-sm" data-testid="offer-apply">
            {t("cart.apply")}
          </button>
        </Form>
      ) : null}
      {offer.is_applied ? (
        <p className="text-sm font-medium text-brand" data-testid="offer-applied">
          {t("cart.offer_applied")}
        </p>
      ) : null}
    </li>
  );
}
