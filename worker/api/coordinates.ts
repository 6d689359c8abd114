import { z } from "zod";

/** A query's decimal degrees within ±limit (90 for a latitude, 180 for a longitude). */
export const coordinate = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, "Send decimal degrees.")
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
