import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import { toMajor } from "../../commerce/money";
import { firstName, REFERRAL_CODE_UNKNOWN, REFERRAL_LINK_INVALID, referralCodeOf } from "../../commerce/referral";
import type { ReferralSettings } from "../../commerce/settings/referral-settings";
import type { Wallet } from "../../commerce/wallet";
import * as z from "../../commerce/zod";
import type { TryKey } from "../accounts/tries";
import type { AppEnv } from "../app-env";
import { ApiError, SESSION_ENDED } from "../http/errors";
import { customerReferral, type Referrer, referrerByCode } from "../referrals/referrals";
import { customerOf } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { guessingClient, reserveOrRefuse } from "./sign-in-answer";
import { validate } from "./validate";

/**
 * Referrals (spec sections 2 and 7): who invited a visitor (get-referrer-user, for /r/{code}), and a customer's own
 * code and share link (user/referral, for /refer-a-friend). Registration takes a code through `referralAtRegistration`.
 */

/** Codes are guessed like passwords are: wrong ones are counted per client, and refused past the limit (429). */
function guessingKeys(o: OriginContext): TryKey[] {
  return [guessingClient(o, "referral:")];
}

/** The referrer a code names, or null (a wrong code counts against the client); 429 while the client is guessing. */
async function checkedReferrer(o: OriginContext, text: string): Promise<Referrer | null> {
  const release = await reserveOrRefuse(o, guessingKeys(o));
  const code = referralCodeOf(text);
  const referrer = code === null ? null : await referrerByCode(o.env.DB, o.tenant.id, code);
  if (referrer) await release();
  return referrer;
}

export interface RegistrationReferral {
  code: string;
  referrerId: number;
}

/**
 * The referral a registration brings (`referred_by`), or null without one; an unknown code is a 422 naming the field.
 * A new account cannot be its own referrer: the code is another customer's by the time the account exists.
 */
export async function referralAtRegistration(o: OriginContext, text: string | undefined): Promise<RegistrationReferral | null> {
  if (!text) return null;
  const referrer = await checkedReferrer(o, text);
  if (!referrer)
    throw new ApiError(422, "invalid_referral", REFERRAL_CODE_UNKNOWN, [{ path: "referred_by", message: REFERRAL_CODE_UNKNOWN }]);
  return { code: referralCodeOf(text)!, referrerId: referrer.id };
}

export const referredByQuery = z.object({ referred_by: z.string().check(z.maxLength(40)) });

/** What the store gives for a referral, as the API shows money (major units). */
function rewards(settings: ReferralSettings, decimalPlaces: number) {
  return {
    referee_reward: toMajor(settings.refereeReward, decimalPlaces),
    referrer_reward: toMajor(settings.referrerReward, decimalPlaces),
    wallet: settings.wallet,
  };
}

export interface ReferrerAnswer {
  /** All that is shown of the customer who sent the link. */
  first_name: string;
  /** What the visitor gets with the code when their first order is delivered (major units; 0: nothing), and where. */
  referee_reward: number;
  wallet: Wallet;
}

export interface ReferralAnswer {
  code: string;
  /** The link to share: `/r/<code>` on the store's own address. */
  share_url: string;
  referee_reward: number;
  referrer_reward: number;
  wallet: Wallet;
  friends_joined: number;
  friends_rewarded: number;
  /**
   * The friend whose code this customer registered with (null: none), and the welcome reward (major units): what was
   * credited once `earned` (their first order delivered), else what the store gives then.
   */
  invited_by: { first_name: string; reward: number; wallet: Wallet; earned: boolean } | null;
}

/** GET /api/get-referrer-user: who sent a referral link, and what the visitor gets with it; 404 for an unknown code. */
export async function referrerOf(o: OriginContext, query: z.output<typeof referredByQuery>): Promise<ReferrerAnswer> {
  const referrer = await checkedReferrer(o, query.referred_by);
  if (!referrer) throw new ApiError(404, "referral_not_found", message(REFERRAL_LINK_INVALID));
  const { referee_reward, wallet } = rewards(o.tenant.settings.referrals, o.tenant.settings.currency.decimalPlaces);
  return { first_name: firstName(referrer.name), referee_reward, wallet };
}

/** GET /api/user/referral: the customer's own code and share link, what each side gets, and how many friends joined. */
export async function referralOf(o: OriginContext): Promise<ReferralAnswer> {
  const customer = customerOf(o);
  const tenant = o.tenant;
  const settings = tenant.settings.referrals;
  const referral = await customerReferral(o.env.DB, tenant.id, customer.customerId);
  if (!referral) throw new ApiError(401, "unauthenticated", SESSION_ENDED);
  return {
    code: referral.code,
    share_url: `${o.site.origin}/r/${referral.code}`,
    ...rewards(settings, tenant.settings.currency.decimalPlaces),
    friends_joined: referral.joined,
    friends_rewarded: referral.rewarded,
    invited_by:
      referral.referrerName === null
        ? null
        : {
            first_name: firstName(referral.referrerName),
            reward: toMajor(
              referral.welcomeWallet === null ? settings.refereeReward : referral.welcomeReward,
              tenant.settings.currency.decimalPlaces,
            ),
            wallet: referral.welcomeWallet ?? settings.wallet,
            earned: referral.welcomeWallet !== null,
          },
  };
}

export const referralsApi = new Hono<AppEnv>()
  .get("/get-referrer-user", validate("query", referredByQuery), async (c) =>
    c.json(await referrerOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .get("/user/referral", async (c) => c.json(await referralOf(originContextOf(c)), 200, PRIVATE_ANSWER));
