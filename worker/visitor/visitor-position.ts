import { isPoint, type Point, parsePoint } from "../../commerce/geo";
import { devToolsOn } from "../dev-tools";
import type { Env } from "../env";
import type { ShopperCookies } from "./cookies";

/**
 * Where the visitor stands, for choosing their branch: Cloudflare's geolocation of their address (`request.cf`), or
 * null when it gives none. With DEV_TOOLS=1 the local runtime's cf is a fixed fake place (Austin), so it is ignored:
 * the `dev_position` cookie places a tester, else DEV_POSITION from .dev.vars, else nowhere (the main branch).
 */
export function visitorPosition(request: Request, env: Pick<Env, "DEV_TOOLS" | "DEV_POSITION">, cookies: ShopperCookies): Point | null {
  if (devToolsOn(env)) return cookies.devPosition ?? (env.DEV_POSITION ? parsePoint(env.DEV_POSITION) : null);
  const cf = request.cf as { latitude?: unknown; longitude?: unknown } | undefined;
  const point = { latitude: Number(cf?.latitude ?? Number.NaN), longitude: Number(cf?.longitude ?? Number.NaN) };
  return isPoint(point) ? point : null;
}
