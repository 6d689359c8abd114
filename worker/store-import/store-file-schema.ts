import { z } from "zod";
import { MAX_ADDRESSES } from "../../commerce/addresses";
import { WEEKDAYS } from "../../commerce/branch-areas";
import { FILTER_KEY } from "../../commerce/catalogue-filters";
import { MAX_ID } from "../../commerce/ids";
import { isPluginCode, PLUGIN_CODES } from "../../commerce/plugins";
import { settingsSchema, text, url } from "../../commerce/settings/setting-rules";
import { addressShape, email, POSITION_ISSUE, password, phone, positionOrNone } from "../accounts/fields";
import { boundedJsonObject } from "./bounded-json";

/**
 * The store import file (documented in docs/store-import.md). Money is in major units here, exactly as
 * the API shows it; the importer converts it to minor units with the store's decimalPlaces.
 */

const id = z.number().int().positive().max(MAX_ID);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens")
  .max(120);
const money = z.number().finite().nonnegative().max(1e9);
/** A percentage such as 5, 18 or 12.5 (at most 2 decimals); stored as basis points (500, 1800, 1250). */
const percent = z
  .number()
  .finite()
  .min(0)
  .max(100)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "must have at most 2 decimal places");
/** Percent or money: which one depends on the entry's `type`, so it is checked per entry. */
const amount = z.number().finite().nonnegative().max(1e9);
const count = z.number().int().min(0).max(1_000_000_000);
const hostname = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$/,
    "must be a lowercase hostname",
  );

/** Distance slabs in kilometres (at most 3 decimals, i.e. whole metres), ascending; each covers up to and including up_to_km. */
const deliverySchema = z
  .strictObject({
    type: z.enum(["flat", "slabs"]),
    /** Flat: the charge. Slabs: the charge while the shopper's location is not known. */
    base_charge: money,
    free_above: money.nullable().default(null),
    pickup: z.boolean().default(false),
    slabs: z
      .array(
        z.strictObject({
          up_to_km: z
            .number()
            .positive()
            .max(1000)
            .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, "must have at most 3 decimal places (metres)"),
          charge: money,
        }),
      )
      .max(50)
      .default([]),
  })
  .superRefine((delivery, ctx) => {
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
  });

const corner = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);
/** Where a branch delivers: the polygon when given, else the circle of radius_km around the branch. */
const deliveryAreaSchema = z.strictObject({
  radius_km: z.number().positive().max(500).nullable().default(null),
  /** [latitude, longitude] corners, in order around the area. */
  polygon: z.array(corner).min(3).max(200).nullable().default(null),
});
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time like 09:30");
/** Per weekday, spans of [opens, closes]; a close at or before the open runs past midnight. A day left out: closed. */
const openingHoursSchema = z.partialRecord(
  z.enum(WEEKDAYS),
  z.array(z.tuple([clock, clock]).refine(([opens, closes]) => opens !== closes, "must not open and close at the same time")).max(6),
);
const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone such as Asia/Kolkata");

const branchSchema = z
  .strictObject({
    id,
    name: text(120),
    address: z.string().max(500).default(""),
    latitude: z.number().min(-90).max(90).nullable().default(null),
    longitude: z.number().min(-180).max(180).nullable().default(null),
    is_main_branch: z.union([z.literal(0), z.literal(1)]).default(0),
    /** Absent: delivery at no charge and no pickup. */
    delivery: deliverySchema.nullable().default(null),
    /** Absent: as far as the delivery slabs reach (a flat-charge branch: everywhere). */
    delivery_area: deliveryAreaSchema.nullable().default(null),
    /** Absent: open at all hours. */
    opening_hours: openingHoursSchema.nullable().default(null),
    time_zone: timeZone.default("UTC"),
    /** False: pickup orders only. */
    takes_delivery: z.boolean().default(true),
    /** True: shown in the branch list but nobody is served by it or can choose it. */
    closed: z.boolean().default(false),
  })
  .superRefine((branch, ctx) => {
    if (
      branch.delivery_area?.radius_km != null &&
      branch.delivery_area.polygon === null &&
      (branch.latitude === null || branch.longitude === null)
    ) {
      ctx.addIssue({ code: "custom", path: ["delivery_area", "radius_km"], message: "needs the branch's latitude and longitude" });
    }
  });

const categorySchema = z.strictObject({
  id,
  name: text(120),
  slug,
  primary_image: url.nullable().default(null),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c")
    .nullable()
    .default(null),
});

const bannerSchema = z.strictObject({
  id,
  image: url,
  /**
   * What the banner says, read out as its link's name. Optional for a product or category banner (the importer names
   * it after its target); a CUSTOM link needs one, and a NO_LINK picture without one is treated as decoration.
   */
  alt: z.string().trim().max(200).optional(),
  link_type: z.enum(["PRODUCT", "CATEGORY", "NO_LINK", "CUSTOM"]),
  data: z.strictObject({ custom_url: url.optional(), product_id: id.optional(), category_id: id.optional() }).default({}),
});

const attributeSchema = z.strictObject({
  id,
  name: text(80),
  values: z
    .array(z.strictObject({ id, value: text(80) }))
    .min(1)
    .max(50),
});

const combinationSchema = z.strictObject({
  ids: z.array(id).min(1).max(10),
  price: money,
  variant_id: id,
});

const multiAttributeSchema = z.strictObject({
  id,
  name: text(80),
  min_select: z.number().int().min(0).max(50).default(0),
  max_select: z.number().int().min(1).max(50).nullable().default(null),
  values: z
    .array(
      z.strictObject({
        id,
        value: text(80),
        price: money.nullable().default(null),
        dependencies: z.array(id).max(50).default([]),
        variant_prices: z
          .array(z.strictObject({ variant_id: id, price: money }))
          .max(200)
          .default([]),
      }),
    )
    .min(1)
    .max(50),
});

/** A value of a filterable attribute ("Vegetarian", "Mild"): shown beside its checkbox and written in the address. */
const filterValue = z.string().trim().min(1).max(60);

const productSchema = z.strictObject({
  id,
  name: text(200),
  slug,
  category_id: id.nullable().default(null),
  description: z.string().max(20_000).default(""),
  images: z.array(url).max(20).default([]),
  selling_price: money,
  original_price: money.nullable().default(null),
  tax_rate: percent.default(0),
  attributes: z.array(attributeSchema).max(10).default([]),
  combinations: z.array(combinationSchema).max(500).default([]),
  multi_selectable_attributes: z.array(multiAttributeSchema).max(20).default([]),
  /** Ids of the file's branches that do not sell this product: it is left out of their lists and carts. */
  unavailable_at_branches: z.array(id).max(500).default([]),
  /**
   * Units left at each of the file's branches that count this product's stock (decision 053); a branch not listed does
   * not count it and sells it without limit.
   */
  stock: z
    .array(z.strictObject({ branch_id: id, quantity: z.number().int().min(0).max(1_000_000) }))
    .max(500)
    .default([]),
  /** The product's values of the store's filterable attributes (`filters`), by key: one value, or several. */
  filter_values: z
    .record(
      z.string().regex(FILTER_KEY, "must be a key of the store's filters"),
      z.union([filterValue, z.array(filterValue).min(1).max(20)]),
    )
    .default({}),
});

/** A product attribute shoppers may filter category pages and search results by, with the values it may take. */
const filterSchema = z.strictObject({
  key: z.string().regex(FILTER_KEY, "must be lowercase letters, digits and underscores, starting with a letter"),
  label: text(40),
  values: z.array(filterValue).min(1).max(50),
});

const linkSchema = z.strictObject({ label: text(40), url });
const title = z.string().max(120).optional();
const ids = z.array(id).max(200);

/** What each design block's `data` holds. Blocks refer to banners, categories and products by id. */
export const blockDataSchemas = {
  top_nav: z.strictObject({ links: z.array(linkSchema).max(10).default([]) }),
  bottom_nav: z.strictObject({ links: z.array(linkSchema).max(6).default([]) }),
  banner_slider: z.strictObject({ banner_ids: ids.min(1) }),
  slider_centered: z.strictObject({ title, banner_ids: ids.min(1) }),
  static_banner: z.strictObject({ banner_id: id }),
  search_block: z.strictObject({ placeholder: z.string().max(80).optional() }),
  categories_grid: z.strictObject({ title, category_ids: ids.optional() }),
  categories_horizontal_strip: z.strictObject({ title, category_ids: ids.optional() }),
  products_display: z.strictObject({
    title,
    product_ids: ids.optional(),
    category_id: id.optional(),
    limit: z.number().int().min(1).max(48).default(8),
  }),
  product_horizontal_strip: z.strictObject({
    title,
    product_ids: ids.optional(),
    category_id: id.optional(),
    limit: z.number().int().min(1).max(48).default(12),
  }),
  custom_html_block: z.strictObject({ html: z.string().max(50_000) }),
  products_infinite_scroll: z.strictObject({ title, per_page: z.number().int().min(4).max(48).default(12) }),
} as const;

export type BlockCode = keyof typeof blockDataSchemas;
export const BLOCK_CODES = Object.keys(blockDataSchemas) as BlockCode[];

const layoutElementSchema = z
  .strictObject({
    type: z.enum(["designElement", "plugin"]),
    code: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "must be a lowercase code"),
    data: z.record(z.string(), z.unknown()).default({}),
    settings: boundedJsonObject.default({}),
    uniqueId: z.string().max(64).optional(),
  })
  .transform((element, ctx) => {
    if (element.type === "plugin") return checkPluginElement(element, ctx);
    const schema = blockDataSchemas[element.code as BlockCode];
    if (!schema) {
      ctx.addIssue({ code: "custom", path: ["code"], message: `unknown block kind; known: ${BLOCK_CODES.join(", ")}` });
      return z.NEVER;
    }
    const parsed = schema.safeParse(element.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", path: ["data", ...issue.path.map(String)], message: issue.message });
      }
      return z.NEVER;
    }
    return { ...element, data: parsed.data as Record<string, unknown> };
  });

/** A plugin's place among the layout: one of the known plugins, a uniqueId, and no data (its settings are the store's). */
function checkPluginElement<T extends { code: string; data: Record<string, unknown>; uniqueId?: string }>(
  element: T,
  ctx: z.RefinementCtx,
) {
  if (!isPluginCode(element.code)) {
    ctx.addIssue({ code: "custom", path: ["code"], message: `unknown plugin; known: ${PLUGIN_CODES.join(", ")}` });
  }
  if (element.uniqueId === undefined || !/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(element.uniqueId)) {
    ctx.addIssue({ code: "custom", path: ["uniqueId"], message: "a plugin needs a uniqueId: a letter, then letters, digits, - or _" });
  }
  if (Object.keys(element.data).length > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["data"],
      message: `takes nothing: a plugin is configured by its plugin_${element.code}_* settings`,
    });
  }
  return element;
}

const reviewSchema = z.strictObject({
  id,
  product_id: id,
  rating: z.number().int().min(1).max(5),
  author: text(80),
  body: z.string().trim().max(5000).default(""),
  created_at: z.iso.datetime({ offset: true }),
});

const PERCENT_MESSAGE = "a percent must be from 0 to 100 with at most 2 decimal places";
const isoInstant = z.iso.datetime({ offset: true }).nullable().default(null);

/** What coupons and automatic discounts share. `value` is a percent for percent, money for fixed, absent for free_delivery. */
const discountFields = {
  id,
  label: text(120),
  description: z.string().trim().max(500).default(""),
  type: z.enum(["percent", "fixed", "free_delivery"]),
  value: amount.default(0),
  max_discount: money.nullable().default(null),
  min_order: money.nullable().default(null),
  starts_at: isoInstant,
  ends_at: isoInstant,
  usage_limit: count.nullable().default(null),
  per_customer_limit: count.nullable().default(null),
  first_order_only: z.boolean().default(false),
  product_ids: ids.default([]),
  category_ids: ids.default([]),
  priority: z.number().int().min(-1000).max(1000).default(0),
};

function checkDiscount(
  discount: { type: string; value: number; max_discount: number | null; starts_at: string | null; ends_at: string | null },
  ctx: z.RefinementCtx,
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
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 letters, digits, - or _"),
    /** Listed on /cart/discounts; a hidden coupon still works when typed. */
    visible: z.boolean().default(true),
  })
  .superRefine(checkDiscount);

const automaticDiscountSchema = z.strictObject(discountFields).superRefine(checkDiscount);

const feeSchema = z
  .strictObject({
    id,
    name: text(80),
    type: z.enum(["flat", "percent"]),
    value: amount,
    min_subtotal: money.nullable().default(null),
    max_subtotal: money.nullable().default(null),
    fulfillment: z.enum(["delivery", "pickup"]).nullable().default(null),
    tax_rate: percent.default(0),
  })
  .superRefine((fee, ctx) => {
    if (fee.type === "percent") {
      if (!percent.safeParse(fee.value).success) ctx.addIssue({ code: "custom", path: ["value"], message: PERCENT_MESSAGE });
    }
    if (fee.min_subtotal !== null && fee.max_subtotal !== null && fee.max_subtotal < fee.min_subtotal) {
      ctx.addIssue({ code: "custom", path: ["max_subtotal"], message: "must not be below min_subtotal" });
    }
  });

const pageSchema = z.strictObject({ id, slug, title: text(200), content: z.string().max(200_000) });

/**
 * A demo shopper, so the store's signed-in path works out of the box. Demo only: the password is in the file, and is
 * stored hashed (with the Worker's PASSWORD_PEPPER). The first address, or the one marked `is_default`, is the default.
 */
const demoCustomerSchema = z.strictObject({
  name: text(100),
  email,
  phone,
  password,
  addresses: z
    .array(z.strictObject({ ...addressShape, is_default: z.boolean().default(false) }).refine(positionOrNone, POSITION_ISSUE))
    .max(MAX_ADDRESSES)
    .default([])
    .refine((list) => list.filter((a) => a.is_default).length <= 1, "at most one address may be the default"),
});

export const storeFileSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be lowercase letters, digits and hyphens"),
  hostnames: z.array(hostname).min(1).max(20),
  settings: settingsSchema,
  branches: z.array(branchSchema).min(1).max(500),
  categories: z.array(categorySchema).max(2000).default([]),
  banners: z.array(bannerSchema).max(200).default([]),
  products: z.array(productSchema).max(200_000).default([]),
  filters: z.array(filterSchema).max(10).default([]),
  layout: z
    .array(layoutElementSchema)
    .max(100)
    .default([])
    .superRefine((layout, ctx) => {
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
  pages: z.array(pageSchema).max(500).default([]),
  reviews: z.array(reviewSchema).max(500_000).default([]),
  coupons: z.array(couponSchema).max(1000).default([]),
  automatic_discounts: z.array(automaticDiscountSchema).max(100).default([]),
  fees: z.array(feeSchema).max(20).default([]),
  demo_customers: z.array(demoCustomerSchema).max(5).default([]),
});

export type StoreFile = z.output<typeof storeFileSchema>;
export type ProductInput = StoreFile["products"][number];
