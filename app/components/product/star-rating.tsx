import { useT } from "../../i18n/use-t";

/** A 0–5 rating as stars, in the store's review star colour; the number is what screen readers hear. */
export function StarRating({ rating, size = "text-base" }: { rating: number; size?: string }) {
  const t = useT();
  const filled = Math.round(rating);
  return (
    <span className={`inline-flex ${size} leading-none`} role="img" aria-label={t("product.stars_label", { rating })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden="true" className={star <= filled ? "text-star" : "text-gray-300"}>
          ★
        </span>
      ))}
    </span>
  );
}
