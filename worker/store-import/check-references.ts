import type { StoreFile } from "./store-file-schema";

export interface ImportIssue {
  path: (string | number)[];
  message: string;
}

/** Reports ids used twice in one list. */
function duplicates<T>(list: T[], key: (item: T) => string | number, path: (string | number)[], what: string): ImportIssue[] {
  const seen = new Set<string | number>();
  const issues: ImportIssue[] = [];
  list.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) issues.push({ path: [...path, index], message: `${what} ${value} is used twice` });
    seen.add(value);
  });
  return issues;
}

/** Checks what a schema cannot: unique ids and slugs, and that every reference points at something in the file. */
export function checkReferences(store: StoreFile): ImportIssue[] {
  const issues: ImportIssue[] = [
    ...duplicates(store.hostnames, (h) => h, ["hostnames"], "hostname"),
    ...duplicates(store.branches, (b) => b.id, ["branches"], "branch id"),
    ...duplicates(store.categories, (c) => c.id, ["categories"], "category id"),
    ...duplicates(store.categories, (c) => c.slug, ["categories"], "category slug"),
    ...duplicates(store.banners, (b) => b.id, ["banners"], "banner id"),
    ...duplicates(store.products, (p) => p.id, ["products"], "product id"),
    ...duplicates(store.products, (p) => p.slug, ["products"], "product slug"),
    ...store.products.flatMap((p, i) =>
      duplicates(p.unavailable_at_branches, (b) => b, ["products", i, "unavailable_at_branches"], "branch id"),
    ),
    ...store.products.flatMap((p, i) => duplicates(p.stock, (s) => s.branch_id, ["products", i, "stock"], "branch id")),
    ...duplicates(store.filters, (f) => f.key, ["filters"], "filter key"),
    ...store.filters.flatMap((f, i) => duplicates(f.values, (v) => v, ["filters", i, "values"], "value")),
    ...duplicates(store.pages, (p) => p.id, ["pages"], "page id"),
    ...duplicates(store.pages, (p) => p.slug, ["pages"], "page slug"),
    ...duplicates(store.reviews, (r) => r.id, ["reviews"], "review id"),
    ...duplicates(store.coupons, (c) => c.code.toUpperCase(), ["coupons"], "coupon code"),
    ...duplicates(store.fees, (f) => f.id, ["fees"], "fee id"),
    ...duplicates(store.demo_customers, (c) => c.email, ["demo_customers"], "email"),
    ...duplicates(store.demo_customers, (c) => c.phone, ["demo_customers"], "phone"),
  ];
  // Coupons and automatic discounts share one id space (one table; a redemption names either by id).
  const discountIds = new Map<number, string>();
  const discountLists = [
    ["coupons", store.coupons],
    ["automatic_discounts", store.automatic_discounts],
  ] as const;
  for (const [list, entries] of discountLists) {
    entries.forEach((discount, i) => {
      const where = discountIds.get(discount.id);
      if (where) issues.push({ path: [list, i, "id"], message: `discount id ${discount.id} is already used by ${where}` });
      else discountIds.set(discount.id, `${list}[${i}]`);
    });
  }
  if (store.branches.filter((b) => b.is_main_branch === 1).length > 1) {
    issues.push({ path: ["branches"], message: "only one branch can have is_main_branch 1" });
  }

  const categoryIds = new Set(store.categories.map((c) => c.id));
  const productIds = new Set(store.products.map((p) => p.id));
  const bannerIds = new Set(store.banners.map((b) => b.id));
  const branchIds = new Set(store.branches.map((b) => b.id));
  // Option ids are store-wide keys (a cart line names them without its product), so they must not repeat across products.
  const optionIds = new Map<string, string>();
  const claim = (kind: string, value: number, path: (string | number)[]) => {
    const key = `${kind}:${value}`;
    if (optionIds.has(key)) issues.push({ path, message: `${kind} id ${value} is already used by ${optionIds.get(key)}` });
    else optionIds.set(key, path.join("."));
  };

  const filterValues = new Map(store.filters.map((f) => [f.key, new Set(f.values)]));
  store.products.forEach((product, p) => {
    const at = (...rest: (string | number)[]) => ["products", p, ...rest];
    for (const [key, given] of Object.entries(product.filter_values)) {
      const declared = filterValues.get(key);
      if (!declared) issues.push({ path: at("filter_values", key), message: `no filter has key ${key}` });
      else if (typeof given === "string" ? !declared.has(given) : given.some((v) => !declared.has(v))) {
        issues.push({ path: at("filter_values", key), message: `must be among the values of filter ${key}` });
      }
    }
    if (product.category_id !== null && !categoryIds.has(product.category_id)) {
      issues.push({ path: at("category_id"), message: `no category has id ${product.category_id}` });
    }
    product.unavailable_at_branches.forEach((branchId, b) => {
      if (!branchIds.has(branchId)) issues.push({ path: at("unavailable_at_branches", b), message: `no branch has id ${branchId}` });
    });
    product.stock.forEach(({ branch_id }, b) => {
      if (!branchIds.has(branch_id)) issues.push({ path: at("stock", b, "branch_id"), message: `no branch has id ${branch_id}` });
    });
    if (product.original_price !== null && product.original_price < product.selling_price) {
      issues.push({ path: at("original_price"), message: "must not be below selling_price" });
    }
    const valueToAttribute = new Map<number, number>();
    product.attributes.forEach((attribute, a) => {
      claim("attribute", attribute.id, at("attributes", a, "id"));
      attribute.values.forEach((value, v) => {
        claim("attribute value", value.id, at("attributes", a, "values", v, "id"));
        valueToAttribute.set(value.id, attribute.id);
      });
    });
    const variantIds = new Set<number>();
    const combinationKeys = new Set<string>();
    product.combinations.forEach((combination, c) => {
      claim("variant", combination.variant_id, at("combinations", c, "variant_id"));
      variantIds.add(combination.variant_id);
      const attributesUsed = combination.ids.map((valueId) => valueToAttribute.get(valueId));
      if (attributesUsed.some((attributeId) => attributeId === undefined)) {
        issues.push({ path: at("combinations", c, "ids"), message: "every id must be a value of this product's attributes" });
      } else if (new Set(attributesUsed).size !== product.attributes.length || combination.ids.length !== product.attributes.length) {
        issues.push({ path: at("combinations", c, "ids"), message: "must name exactly one value of each attribute" });
      }
      const key = [...combination.ids].sort((x, y) => x - y).join(",");
      if (combinationKeys.has(key)) issues.push({ path: at("combinations", c, "ids"), message: "this combination is listed twice" });
      combinationKeys.add(key);
    });
    if (product.attributes.length > 0 && product.combinations.length === 0) {
      issues.push({ path: at("combinations"), message: "a product with attributes needs at least one combination" });
    }
    product.multi_selectable_attributes.forEach((group, g) => {
      claim("multi-select attribute", group.id, at("multi_selectable_attributes", g, "id"));
      if (group.max_select !== null && group.max_select < group.min_select) {
        issues.push({ path: at("multi_selectable_attributes", g, "max_select"), message: "must not be below min_select" });
      }
      if (group.min_select > group.values.length) {
        issues.push({ path: at("multi_selectable_attributes", g, "min_select"), message: "is more than the number of values" });
      }
      group.values.forEach((value, v) => {
        const vat = (...rest: (string | number)[]) => at("multi_selectable_attributes", g, "values", v, ...rest);
        claim("multi-select value", value.id, vat("id"));
        value.dependencies.forEach((dependency, d) => {
          if (!valueToAttribute.has(dependency)) {
            issues.push({ path: vat("dependencies", d), message: `no single-choice value of this product has id ${dependency}` });
          }
        });
        value.variant_prices.forEach((variantPrice, vp) => {
          if (!variantIds.has(variantPrice.variant_id)) {
            issues.push({
              path: vat("variant_prices", vp, "variant_id"),
              message: `no combination of this product has variant_id ${variantPrice.variant_id}`,
            });
          }
        });
      });
    });
  });

  store.banners.forEach((banner, b) => {
    const { link_type: linkType, data } = banner;
    if (linkType === "PRODUCT" && (data.product_id === undefined || !productIds.has(data.product_id))) {
      issues.push({ path: ["banners", b, "data", "product_id"], message: "a PRODUCT banner needs the id of a product in this file" });
    }
    if (linkType === "CATEGORY" && (data.category_id === undefined || !categoryIds.has(data.category_id))) {
      issues.push({ path: ["banners", b, "data", "category_id"], message: "a CATEGORY banner needs the id of a category in this file" });
    }
    if (linkType === "CUSTOM" && data.custom_url === undefined) {
      issues.push({ path: ["banners", b, "data", "custom_url"], message: "a CUSTOM banner needs a custom_url" });
    }
    if (linkType === "CUSTOM" && !banner.alt) {
      issues.push({ path: ["banners", b, "alt"], message: "a CUSTOM banner needs alt text: it is the link's name for screen readers" });
    }
  });

  for (const [list, entries] of discountLists) {
    entries.forEach((discount, i) => {
      discount.product_ids.forEach((productId, j) => {
        if (!productIds.has(productId)) issues.push({ path: [list, i, "product_ids", j], message: `no product has id ${productId}` });
      });
      discount.category_ids.forEach((categoryId, j) => {
        if (!categoryIds.has(categoryId)) issues.push({ path: [list, i, "category_ids", j], message: `no category has id ${categoryId}` });
      });
    });
  }

  store.reviews.forEach((review, r) => {
    if (!productIds.has(review.product_id)) {
      issues.push({ path: ["reviews", r, "product_id"], message: `no product has id ${review.product_id}` });
    }
  });

  store.layout.forEach((element, e) => {
    const data = element.data as {
      banner_ids?: number[];
      banner_id?: number;
      category_ids?: number[];
      category_id?: number;
      product_ids?: number[];
    };
    const check = (list: number[] | undefined, known: Set<number>, field: string, what: string) =>
      list?.forEach((value, i) => {
        if (!known.has(value)) issues.push({ path: ["layout", e, "data", field, i], message: `no ${what} has id ${value}` });
      });
    check(data.banner_ids, bannerIds, "banner_ids", "banner");
    check(data.banner_id === undefined ? undefined : [data.banner_id], bannerIds, "banner_id", "banner");
    check(data.category_ids, categoryIds, "category_ids", "category");
    check(data.category_id === undefined ? undefined : [data.category_id], categoryIds, "category_id", "category");
    check(data.product_ids, productIds, "product_ids", "product");
  });
  return issues;
}
