import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { DeskPage, deskResponse } from "./desk-page";
import { deskViewOf } from "./desk-view";

/**
 * /admin/catalogue: where the preview home's 'Add Product' and 'Customize theme' lead when the store names no admin of
 * its own. Editing the catalogue in the browser is not offered (issue 41): the page says how the store file, or one
 * part of it, is replaced, which shoppers then see on their next page.
 */
export function cataloguePage(c: Context<AppEnv>): Response {
  const view = deskViewOf(c);
  const { t } = view;
  const host = new URL(c.req.url).origin;
  return deskResponse(
    <DeskPage view={view} title={t("desk.catalogue_title")} section="/admin/catalogue">
      <p>{t("desk.catalogue_intro")}</p>
      <section aria-labelledby="products">
        <h2 id="products">{t("desk.catalogue_products")}</h2>
        <p>{t("desk.catalogue_products_text")}</p>
      </section>
      <section aria-labelledby="theme">
        <h2 id="theme">{t("desk.catalogue_theme")}</h2>
        <p>{t("desk.catalogue_theme_text")}</p>
      </section>
      <p>{t("desk.catalogue_cli")}</p>
      <pre>
        <code>{`npm run store:import -- ${c.var.tenant.slug}.json`}</code>
      </pre>
      <p>{t("desk.catalogue_api")}</p>
      <pre>
        <code>{`curl -X PUT ${host}/api/admin/store -H "Authorization: Bearer sk_…" --data-binary @${c.var.tenant.slug}.json
curl -X PUT ${host}/api/admin/store/products -H "Authorization: Bearer sk_…" --data-binary @products.json`}</code>
      </pre>
      <p>{t("desk.catalogue_keys")}</p>
    </DeskPage>,
  );
}
