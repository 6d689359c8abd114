import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { DeskView } from "./desk-view";

/**
 * What a page the desk's form went back to says first: that the change is saved and when shoppers see it. The form's
 * answer leads to the page's address with `saved=1` (POST → 303 → GET), so a reload says it again and changes nothing.
 */
export function SavedNotice({ c, view }: { c: Context<AppEnv>; view: DeskView }) {
  if (c.req.query("saved") !== "1") return null;
  return (
    <p role="status" className="done">
      {view.t("stock.saved")}
    </p>
  );
}
