import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";

/** A query's decimal degrees within ±limit (90 for a latitude, 180 for a longitude). */
export const coordinate = (limit: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^-?\d{1,3}(\.\d{1,12})?$/, issueId("errors.send_decimal_degrees"))), z.transform(Number)),
    z.number().check(z.gte(-limit), z.lte(limit)),
  );
