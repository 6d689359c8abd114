import { Form } from "@remix-run/react";
import type { OrderLineAnswer } from "../../../worker/orders";
import { useT } from "../../i18n/use-t";
import type { FormRefusal } from "../../lib/form-refusal";
import { FormMessage } from "../account/text-field";

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * One item of a delivered order: its rating once given, else a form of its own (1–5 as radio buttons, optional
 * words). `refusal` is this line's, when the last post was for it; what was typed comes back with it.
 */
export function RateLineForm({ line, refusal }: { line: OrderLineAnswer; refusal: FormRefusal | null }) {
  const headingId = `line-${line.id}`;
  const t = useT();
  if (line.rating !== null) {
    return (
      <section aria-labelledby={headingId} className="card flex flex-col gap-1 p-5" data-testid={`rated-${line.id}`}>
        <h2 id={headingId} className="font-semibold text-ink">
          {line.name}
        </h2>
        <p className="text-ink">
          <span aria-hidden="true" className="text-amber-600">
            {"★".repeat(line.rating)}
            {"☆".repeat(5 - line.rating)}
          </span>{" "}
          {t("orders.you_rated", { rating: line.rating })}
        </p>
        {line.review ? <p className="text-sm text-gray-700">{line.review}</p> : null}
        {/* A second post for a rated line (a double click without JavaScript) says why nothing changed. */}
        <FormMessage refusal={refusal} />
      </section>
    );
  }
  const ratingError = refusal?.fields?.rating;
  const reviewError = refusal?.fields?.review;
  return (
    <section aria-labelledby={headingId} className="card p-5">
      {/* The line in the address too: a refusal of an unreadable form still comes back beside this form. */}
      <Form method="post" action={`?line=${line.id}`} className="flex flex-col gap-3" data-testid={`rate-${line.id}`}>
        <h2 id={headingId} className="font-semibold text-ink">
          {line.name}
        </h2>
        {line.options.length > 0 ? <p className="text-sm text-gray-600">{line.options.join(", ")}</p> : null}
        <input type="hidden" name="order_line_id" value={line.id} />
        <FormMessage refusal={refusal} fields={["rating", "review"]} />
        <fieldset aria-describedby={ratingError ? `rating-error-${line.id}` : undefined}>
          <legend className="text-sm text-ink">{t("orders.your_rating")}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {RATINGS.map((value) => (
              <label key={value} className="flex items-center gap-1 text-sm text-ink">
                <input type="radio" name="rating" value={value} required defaultChecked={refusal?.values?.rating === String(value)} />
                {t("orders.stars", { count: value })}
              </label>
            ))}
          </div>
          {ratingError ? (
            <span id={`rating-error-${line.id}`} className="text-sm text-red-800">
              {ratingError}
            </span>
          ) : null}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm text-ink">
          {t("orders.review_label")}
          <textarea
            name="review"
            maxLength={1000}
            rows={3}
            defaultValue={refusal?.values?.review ?? ""}
            aria-invalid={reviewError ? true : undefined}
            aria-describedby={reviewError ? `review-error-${line.id}` : undefined}
            className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus:border-brand focus:outline-none"
          />
          {reviewError ? (
            <span id={`review-error-${line.id}`} className="text-red-800">
              {reviewError}
            </span>
          ) : null}
        </label>
        <button type="submit" className="btn-brand self-start">
          {t("orders.rate", { name: line.name })}
        </button>
      </Form>
    </section>
  );
}
