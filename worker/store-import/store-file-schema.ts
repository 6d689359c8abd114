import { MAX_ADDRESSES } from "../../commerce/addresses";
import { WEEKDAYS } from "../../commerce/branch-areas";
import { FILTER_KEY } from "../../commerce/catalogue-filters";
import { isTimeZone } from "../../commerce/date-format";
import { MAX_ID } from "../../commerce/ids";
import { isPluginCode, PLUGIN_CODES } from "../../commerce/plugins";
import { settingsSchema, text, url } from "../../commerce/settings/setting-rules";
import { STAFF_ROLES } from "../../commerce/store-actor";
import { addIssue } from "../../commerce/transform-issue";
import * as z from "../../commerce/zod";
import { addressShape, email, POSITION_ISSUE, password, phone, positionOrNone } from "../accounts/fields";
import { boundedJsonObject } from "./bounded-json";

/**
 * The store import file (documented in docs/store-import.md). Money is in major units here, exactly as
 * the API shows it; the importer converts it to minor units with the store's decimalPlaces.
 */

const id = z.number().check(z.int(), z.positive(), z.lte(MAX_ID));
const slug = z
  .string()
  .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens"), z.maxLength(120));
const money = z.number().check(z.nonnegative(), z.lte(1e9));
/** A percentage such as 5, 18 or 12.5 (at most 2 decimals); stored as basis points (500, 1800, 1250). */
const percent = z.number().check(
  z.gte(0),
  z.lte(100),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "must have at most 2 decimal places"),
);
/** Percent or money: which one depends on the entry's `type`, so it is checked per entry. */
const amount = z.number().check(z.nonnegative(), z.lte(1e9));
const count = z.number().check(z.int(), z.gte(0), z.lte(1_000_000_000));
const hostname = z
  .string()
  .check(
    z.regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$/,
      "must be a lowercase hostname",
    ),
  );

/** Distance slabs in kilometres (at most 3 decimals, i.e. whole metres), ascending; each covers up to and including up_to_km. */
const deliverySchema = z
  .strictObject({
    type: z.enum(["flat", "slabs"]),
    /** Flat: the charge. Slabs: the charge while the shopper's location is not known. */
    base_charge: money,
    free_above: z._default(z.nullable(money), null),
    pickup: z._default(z.boolean(), false),
    slabs: z._default(
      z
        .array(
          z.strictObject({
            up_to_km: z.number().check(
              z.positive(),
              z.lte(1000),
              z.refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, "must have at most 3 decimal places (metres)"),
            ),
            charge: money,
          }),
        )
        .check(z.maxLength(50)),
      [],
    ),
  })
  .check(
    z.superRefine((delivery, ctx) => {
      if (delivery.type === "slabs" && delivery.slabs.length === 0) {
        ctx.addIssue({ code: "custom", path: ["slabs"], message: "slab delivery needs at least one slab" });
      }
      if (delivery.type === "flat" && delivery.slabs.length > 0) {
        ctx.addIssue({ code: "custom", path: ["slabs"], message: "flat delivery takes no slabs" });
      }
      delivery.slabs.forEach((slab, i) => {
        const previous = delivery.slabs[i - 1];
        if (previous && slab.up_to_km <= previous.up_to_km) {
          ctx.addIssue({ code: "custom", path: ["slabs", i, "up_to_km"], message: "must be more than the slab before it" });
        }
      });
    }),
  );

const corner = z.tuple([z.number().check(z.gte(-90), z.lte(90)), z.number().check(z.gte(-180), z.lte(180))]);
/** Where a branch delivers: the polygon when given, else the circle of radius_km around the branch. */
const deliveryAreaSchema = z.strictObject({
  radius_km: z._default(z.nullable(z.number().check(z.positive(), z.lte(500))), null),
  /** [latitude, longitude] corners, in order around the area. */
  polygon: z._default(z.nullable(z.array(corner).check(z.minLength(3), z.maxLength(200))), null),
});
const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time like 09:30"));
/** Per weekday, spans of [opens, closes]; a close at or before the open runs past midnight. A day left out: closed. */
const openingHoursSchema = z.partialRecord(
  z.enum(WEEKDAYS),
  z
    .array(z.tuple([clock, clock]).check(z.refine(([opens, closes]) => opens !== closes, "must not open and close at the same time")))
    .check(z.maxLength(6)),
);
const timeZone = z.string().check(z.maxLength(64), z.refine(isTimeZone, "must be an IANA time zone such as Asia/Kolkata"));

const branchSchema = z
  .strictObject({
    id,
    name: text(120),
    address: z._default(z.string().check(z.maxLength(500)), ""),
    latitude: z._default(z.nullable(z.number().check(z.gte(-90), z.lte(90))), null),
    longitude: z._default(z.nullable(z.number().check(z.gte(-180), z.lte(180))), null),
    is_main_branch: z._default(z.union([z.literal(0), z.literal(1)]), 0),
    /** Absent: delivery at no charge and no pickup. */
    delivery: z._default(z.nullable(deliverySchema), null),
    /** Absent: as far as the delivery slabs reach (a flat-charge branch: everywhere). */
    delivery_area: z._default(z.nullable(deliveryAreaSchema), null),
    /** Absent: open at all hours. */
    opening_hours: z._default(z.nullable(openingHoursSchema), null),
    time_zone: z._default(timeZone, "UTC"),
    /** False: pickup orders only. */
    takes_delivery: z._default(z.boolean(), true),
    /** True: shown in the branch list but nobody is served by it or can choose it. */
    closed: z._default(z.boolean(), false),
  })
  .check(
    z.superRefine((branch, ctx) => {
      if (
        branch.delivery_area?.radius_km != null &&
        branch.delivery_area.polygon === null &&
        (branch.latitude === null || branch.longitude === null)
      ) {
        ctx.addIssue({ code: "custom", path: ["delivery_area", "radius_km"], message: "needs the branch's latitude and longitude" });
      }
    }),
  );

const categorySchema = z.strictObject({
  id,
  name: text(120),
  slug,
  primary_image: z._default(z.nullable(url), null),
  color: z._default(z.nullable(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c"))), null),
});

const bannerSchema = z.strictObject({
  id,
  image: url,
  /**
   * What the banner says, read out as its link's name. Optional for a product or category banner (the importer names
   * it after its target); a CUSTOM link needs one, and a NO_LINK picture without one is treated as decoration.
   */
  alt: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  link_type: z.enum(["PRODUCT", "CATEGORY", "NO_LINK", "CUSTOM"]),
  data: z._default(z.strictObject({ custom_url: z.optional(url), product_id: z.optional(id), category_id: z.optional(id) }), {}),
});

const attributeSchema = z.strictObject({
  id,
  name: text(80),
  values: z.array(z.strictObject({ id, value: text(80) })).check(z.minLength(1), z.maxLength(50)),
});

const combinationSchema = z.strictObject({
  ids: z.array(id).check(z.minLength(1), z.maxLength(10)),
  price: money,
  variant_id: id,
});

const multiAttributeSchema = z.strictObject({
  id,
  name: text(80),
  min_select: z._default(z.number().check(z.int(), z.gte(0), z.lte(50)), 0),
  max_select: z._default(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(50))), null),
  values: z
    .array(
      z.strictObject({
        id,
        value: text(80),
        price: z._default(z.nullable(money), null),
        dependencies: z._default(z.array(id).check(z.maxLength(50)), []),
        variant_prices: z._default(z.array(z.strictObject({ variant_id: id, price: money })).check(z.maxLength(200)), []),
      }),
    )
    .check(z.minLength(1), z.maxLength(50)),
});

/** A value of a filterable attribute ("Vegetarian", "Mild"): shown beside its checkbox and written in the address. */
const filterValue = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));

const productSchema = z.strictObject({
  id,
  name: text(200),
  slug,
  category_id: z._default(z.nullable(id), null),
  description: z._default(z.string().check(z.maxLength(20_000)), ""),
  images: z._default(z.array(url).check(z.maxLength(20)), []),
  selling_price: money,
  original_price: z._default(z.nullable(money), null),
  tax_rate: z._default(percent, 0),
  attributes: z._default(z.array(attributeSchema).check(z.maxLength(10)), []),
  combinations: z._default(z.array(combinationSchema).check(z.maxLength(500)), []),
  multi_selectable_attributes: z._default(z.array(multiAttributeSchema).check(z.maxLength(20)), []),
  /** Ids of the file's branches that do not sell this product: it is left out of their lists and carts. */
  unavailable_at_branches: z._default(z.array(id).check(z.maxLength(500)), []),
  /**
   * Units left at each of the file's branches that count this product's stock (decision 053); a branch not listed does
   * not count it and sells it without limit.
   */
  stock: z._default(
    z.array(z.strictObject({ branch_id: id, quantity: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)) })).check(z.maxLength(500)),
    [],
  ),
  /** The product's values of the store's filterable attributes (`filters`), by key: one value, or several. */
  filter_values: z._default(
    z.record(
      z.string().check(z.regex(FILTER_KEY, "must be a key of the store's filters")),
      z.union([filterValue, z.array(filterValue).check(z.minLength(1), z.maxLength(20))]),
    ),
    {},
  ),
});

/** A product attribute shoppers may filter category pages and search results by, with the values it may take. */
const filterSchema = z.strictObject({
  key: z.string().check(z.regex(FILTER_KEY, "must be lowercase letters, digits and underscores, starting with a letter")),
  label: text(40),
  values: z.array(filterValue).check(z.minLength(1), z.maxLength(50)),
});

const linkSchema = z.strictObject({ label: text(40), url });
const title = z.optional(z.string().check(z.maxLength(120)));
const ids = z.array(id).check(z.maxLength(200));

/** What each design block's `data` holds. Blocks refer to banners, categories and products by id. */
export const blockDataSchemas = {
  top_nav: z.strictObject({ links: z._default(z.array(linkSchema).check(z.maxLength(10)), []) }),
  bottom_nav: z.strictObject({ links: z._default(z.array(linkSchema).check(z.maxLength(6)), []) }),
  banner_slider: z.strictObject({ banner_ids: ids.check(z.minLength(1)) }),
  slider_centered: z.strictObject({ title, banner_ids: ids.check(z.minLength(1)) }),
  static_banner: z.strictObject({ banner_id: id }),
  search_block: z.strictObject({ placeholder: z.optional(z.string().check(z.maxLength(80))) }),
  categories_grid: z.strictObject({ title, category_ids: z.optional(ids) }),
  categories_horizontal_strip: z.strictObject({ title, category_ids: z.optional(ids) }),
  products_display: z.strictObject({
    title,
    product_ids: z.optional(ids),
    category_id: z.optional(id),
    limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(48)), 8),
  }),
  product_horizontal_strip: z.strictObject({
    title,
    product_ids: z.optional(ids),
    category_id: z.optional(id),
    limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(48)), 12),
  }),
  custom_html_block: z.strictObject({ html: z.string().check(z.maxLength(50_000)) }),
  products_infinite_scroll: z.strictObject({ title, per_page: z._default(z.number().check(z.int(), z.gte(4), z.lte(48)), 12) }),
} as const;

export type BlockCode = keyof typeof blockDataSchemas;
export const BLOCK_CODES = Object.keys(blockDataSchemas) as BlockCode[];

const layoutElementSchema = z.pipe(
  z.strictObject({
    type: z.enum(["designElement", "plugin"]),
    code: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, "must be a lowercase code")),
    data: z._default(z.record(z.string(), z.unknown()), {}),
    settings: z._default(boundedJsonObject, {}),
    uniqueId: z.optional(z.string().check(z.maxLength(64))),
  }),
  z.transform((element, ctx) => {
    if (element.type === "plugin") return checkPluginElement(element, ctx);
    const schema = blockDataSchemas[element.code as BlockCode];
    if (!schema) {
      addIssue(ctx, { path: ["code"], message: `unknown block kind; known: ${BLOCK_CODES.join(", ")}` });
      return z.NEVER;
    }
    const parsed = schema.safeParse(element.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        addIssue(ctx, { path: ["data", ...issue.path.map(String)], message: issue.message });
      }
      return z.NEVER;
    }
    return { ...element, data: parsed.data as Record<string, unknown> };
  }),
);

/** A plugin's place among the layout: one of the known plugins, a uniqueId, and no data (its settings are the store's). */
function checkPluginElement<T extends { code: string; data: Record<string, unknown>; uniqueId?: string }>(
  element: T,
  ctx: z.core.ParsePayload,
) {
  if (!isPluginCode(element.code)) {
    addIssue(ctx, { path: ["code"], message: `unknown plugin; known: ${PLUGIN_CODES.join(", ")}` });
  }
  if (element.uniqueId === undefined || !/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(element.uniqueId)) {
    addIssue(ctx, { path: ["uniqueId"], message: "a plugin needs a uniqueId: a letter, then letters, digits, - or _" });
  }
  if (Object.keys(element.data).length > 0) {
    addIssue(ctx, {
      path: ["data"],
      message: `takes nothing: a plugin is configured by its plugin_${element.code}_* settings`,
    });
  }
  return element;
}

const reviewSchema = z.strictObject({
  id,
  product_id: id,
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  author: text(80),
  body: z._default(z.string().check(z.trim(), z.maxLength(5000)), ""),
  created_at: z.iso.datetime({ offset: true }),
});

const PERCENT_MESSAGE = "a percent must be from 0 to 100 with at most 2 decimal places";
const isoInstant = z._default(z.nullable(z.iso.datetime({ offset: true })), null);

/** What coupons and automatic discounts share. `value` is a percent for percent, money for fixed, absent for free_delivery. */
const discountFields = {
  id,
  label: text(120),
  description: z._default(z.string().check(z.trim(), z.maxLength(500)), ""),
  type: z.enum(["percent", "fixed", "free_delivery"]),
  value: z._default(amount, 0),
  max_discount: z._default(z.nullable(money), null),
  min_order: z._default(z.nullable(money), null),
  starts_at: isoInstant,
  ends_at: isoInstant,
  usage_limit: z._default(z.nullable(count), null),
  per_customer_limit: z._default(z.nullable(count), null),
  first_order_only: z._default(z.boolean(), false),
  product_ids: z._default(ids, []),
  category_ids: z._default(ids, []),
  priority: z._default(z.number().check(z.int(), z.gte(-1000), z.lte(1000)), 0),
};

function checkDiscount(
  discount: { type: string; value: number; max_discount: number | null; starts_at: string | null; ends_at: string | null },
  ctx: z.core.$RefinementCtx,
): void {
  if (discount.type === "percent") {
    if (!percent.safeParse(discount.value).success) ctx.addIssue({ code: "custom", path: ["value"], message: PERCENT_MESSAGE });
    else if (discount.value === 0) ctx.addIssue({ code: "custom", path: ["value"], message: "a percent discount needs a value above 0" });
  } else if (discount.type === "fixed") {
    if (discount.value === 0) ctx.addIssue({ code: "custom", path: ["value"], message: "a fixed discount needs a value above 0" });
  } else {
    if (discount.value !== 0) ctx.addIssue({ code: "custom", path: ["value"], message: "free_delivery takes no value" });
    if (discount.max_discount !== null)
      ctx.addIssue({ code: "custom", path: ["max_discount"], message: "free_delivery takes no max_discount" });
  }
  if (discount.starts_at && discount.ends_at && Date.parse(discount.ends_at) < Date.parse(discount.starts_at)) {
    ctx.addIssue({ code: "custom", path: ["ends_at"], message: "must not be before starts_at" });
  }
}

const couponSchema = z
  .strictObject({
    ...discountFields,
    code: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 letters, digits, - or _")),
    /** Listed on /cart/discounts; a hidden coupon still works when typed. */
    visible: z._default(z.boolean(), true),
  })
  .check(z.superRefine(checkDiscount));

const automaticDiscountSchema = z.strictObject(discountFields).check(z.superRefine(checkDiscount));

const feeSchema = z
  .strictObject({
    id,
    name: text(80),
    type: z.enum(["flat", "percent"]),
    value: amount,
    min_subtotal: z._default(z.nullable(money), null),
    max_subtotal: z._default(z.nullable(money), null),
    fulfillment: z._default(z.nullable(z.enum(["delivery", "pickup"])), null),
    tax_rate: z._default(percent, 0),
  })
  .check(
    z.superRefine((fee, ctx) => {
      if (fee.type === "percent") {
        if (!percent.safeParse(fee.value).success) ctx.addIssue({ code: "custom", path: ["value"], message: PERCENT_MESSAGE });
      }
      if (fee.min_subtotal !== null && fee.max_subtotal !== null && fee.max_subtotal < fee.min_subtotal) {
        ctx.addIssue({ code: "custom", path: ["max_subtotal"], message: "must not be below min_subtotal" });
      }
    }),
  );

const pageSchema = z.strictObject({ id, slug, title: text(200), content: z.string().check(z.maxLength(200_000)) });

/**
 * A demo shopper, so the store's signed-in path works out of the box. Demo only: the password is in the file, and is
 * stored hashed (with the Worker's PASSWORD_PEPPER). The first address, or the one marked `is_default`, is the default.
 */
const demoStaffSchema = z.strictObject({ name: text(100), email, password, role: z.enum(STAFF_ROLES) });

const demoCustomerSchema = z.strictObject({
  name: text(100),
  email,
  phone,
  password,
  addresses: z
    ._default(
      z
        .array(
          z.strictObject({ ...addressShape, is_default: z._default(z.boolean(), false) }).check(z.refine(positionOrNone, POSITION_ISSUE)),
        )
        .check(z.maxLength(MAX_ADDRESSES)),
      [],
    )
    .check(z.refine((list) => list.filter((a) => a.is_default).length <= 1, "at most one address may be the default")),
});

export const storeFileSchema = z.strictObject({
  slug: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be lowercase letters, digits and hyphens")),
  hostnames: z.array(hostname).check(z.minLength(1), z.maxLength(20)),
  settings: settingsSchema,
  branches: z.array(branchSchema).check(z.minLength(1), z.maxLength(500)),
  categories: z._default(z.array(categorySchema).check(z.maxLength(2000)), []),
  banners: z._default(z.array(bannerSchema).check(z.maxLength(200)), []),
  products: z._default(z.array(productSchema).check(z.maxLength(200_000)), []),
  filters: z._default(z.array(filterSchema).check(z.maxLength(10)), []),
  layout: z._default(z.array(layoutElementSchema).check(z.maxLength(100)), []).check(
    z.superRefine((layout, ctx) => {
      const seen = new Set<string>();
      layout.forEach((element, i) => {
        if (element.type !== "plugin") return;
        if (seen.has(element.code)) ctx.addIssue({ code: "custom", path: [i, "code"], message: "this plugin is already placed" });
        if (element.uniqueId && seen.has(`#${element.uniqueId}`)) {
          ctx.addIssue({ code: "custom", path: [i, "uniqueId"], message: "another plugin has this uniqueId" });
        }
        seen.add(element.code).add(`#${element.uniqueId}`);
      });
    }),
  ),
  pages: z._default(z.array(pageSchema).check(z.maxLength(500)), []),
  reviews: z._default(z.array(reviewSchema).check(z.maxLength(500_000)), []),
  coupons: z._default(z.array(couponSchema).check(z.maxLength(1000)), []),
  automatic_discounts: z._default(z.array(automaticDiscountSchema).check(z.maxLength(100)), []),
  fees: z._default(z.array(feeSchema).check(z.maxLength(20)), []),
  demo_customers: z._default(z.array(demoCustomerSchema).check(z.maxLength(5)), []),
  /** The demo store's desk staff (decision 083), made only where demo customers are. */
  demo_staff: z._default(z.array(demoStaffSchema).check(z.maxLength(5)), []),
});

export type StoreFile = z.output<typeof storeFileSchema>;
export type ProductInput = StoreFile["products"][number];
