import type { Context } from "hono";
import type { Translate } from "../../commerce/i18n/catalogue";
import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import type { AppEnv } from "../app-env";
import { DeskPage, deskResponse } from "./desk-page";
import { deskViewOf } from "./desk-view";

/** A desk page of one message (a refusal, a page that is not there), with the nav to go on from it. */
export function deskMessage(
  c: Context<AppEnv>,
  status: number,
  title: MessageId,
  text: (t: Translate) => string,
  headers: Record<string, string> = {},
): Response {
  const view = deskViewOf(c);
  return deskResponse(
    <DeskPage view={view} title={view.t(title as "desk.nav_label")}>
      <p role="alert">{text(view.t)}</p>
    </DeskPage>,
    status,
    headers,
  );
}
