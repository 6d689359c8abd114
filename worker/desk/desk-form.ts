import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as z from "zod/mini";
import { type FormResult, readForm } from "../../web/form-reader";
import { PAGE_LANGUAGE_HEADER } from "../../web/page-request-language";
import type { AppEnv } from "../app-env";
import type { DeskView } from "./desk-view";

/**
 * A desk form's fields through the one form reader (size limit, Content-Type, zod), its refusals in the desk's language.
 * A body no form sends is refused with the reader's 400 or 413 answer, which the desk's error handler passes on.
 */
export async function readDeskForm<T>(c: Context<AppEnv>, view: DeskView, schema: z.ZodMiniType<T>): Promise<FormResult<T>> {
  const headers = new Headers(c.req.raw.headers);
  headers.set(PAGE_LANGUAGE_HEADER, view.language);
  try {
    return await readForm(new Request(c.req.raw, { headers }), schema);
  } catch (refusal) {
    // Hono's error handling takes errors only: the reader's answer travels as one.
    if (refusal instanceof Response) throw new HTTPException(refusal.status as ContentfulStatusCode, { res: refusal });
    throw refusal;
  }
}
