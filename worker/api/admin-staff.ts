import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import { STAFF_ROLES } from "../../commerce/store-actor";
import * as z from "../../commerce/zod";
import { email, password, personName } from "../accounts/fields";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import { addStaff, listStaff, removeStaff, type StaffMember } from "../staff/staff";
import { originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { pepperOf } from "./sign-in-answer";
import { validate } from "./validate";

export const staffMemberAnswer = z.object({
  id: z.number().check(z.int(), z.describe("the member's id, which remove names them by")),
  name: z.string(),
  email: z.string().check(z.describe("what they sign in with at /admin/login, lowercased")),
  role: z.enum(STAFF_ROLES).check(z.describe("owner: the whole desk; orders: the orders board and today's numbers only")),
  created_at: z.string().check(z.describe("ISO 8601")),
});
export type StaffMemberAnswer = z.infer<typeof staffMemberAnswer>;

export const staffListAnswer = z.object({
  staff: z.array(staffMemberAnswer).check(z.describe("the store's present members, oldest first; never a password nor its hash")),
});

export const newStaffBody = z.object({ name: personName, email, password, role: z.enum(STAFF_ROLES) });

/** A member as the API answers them, and as the CLI prints them. */
export function staffAnswer(member: StaffMember): StaffMemberAnswer {
  return { ...member, created_at: new Date(member.created_at).toISOString() };
}

/**
 * The store's staff through its own API (decision 083), for keys of scope all only (worker/http/owner-scopes.ts): who
 * may sign in to the desk at /admin/login, added with a password (the shoppers' rules) and a role, and removed (their
 * sessions end at once).
 */
export const adminStaffApi = new Hono<AppEnv>()
  .get("/staff", async (c) => c.json({ staff: (await listStaff(c.env.DB, c.var.tenant.id)).map(staffAnswer) }, 200, PRIVATE_ANSWER))
  .post("/staff", validate("json", newStaffBody), async (c) => {
    const member = await addStaff(c.env.DB, c.var.tenant.id, c.req.valid("json"), pepperOf(originContextOf(c)));
    if (!member) throw new ApiError(409, "staff_exists", message("errors.staff_exists"));
    return c.json(staffAnswer(member), 201, PRIVATE_ANSWER);
  })
  .post(
    "/staff/:id/remove",
    validate("param", z.object({ id: z.coerce.number().check(z.int(), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)) })),
    async (c) => {
      if (!(await removeStaff(c.env.DB, c.var.tenant.id, c.req.valid("param").id)))
        throw new ApiError(404, "staff_not_found", message("errors.staff_not_found"));
      return c.json({ ok: true as const }, 200, PRIVATE_ANSWER);
    },
  );
