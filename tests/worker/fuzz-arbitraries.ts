import fc from "fast-check";
import food from "../../stores/food.json";
import retail from "../../stores/retail.json";

/**
 * Arbitraries for the fuzz test (fuzz.test.ts): hostile and plausible requests to the Worker, as plain data that
 * fast-check can print and shrink. Huge strings are `{ repeat, times }` so a counterexample stays readable; the
 * request is built from the data when it is sent (`buildRequest`).
 */

/** A string, or a huge one written as a unit repeated. */
export type Text = string | { repeat: string; times: number; before?: string; after?: string };

export const textOf = (t: Text): string => (typeof t === "string" ? t : `${t.before ?? ""}${t.repeat.repeat(t.times)}${t.after ?? ""}`);

/** What the fuzz knows of the seeded data, so some requests reach real rows instead of failing validation early. */
export interface World {
  /** 32-hex guest ids that own carts with lines in the food store. */
  guests: string[];
  /** Those carts' line ids (the API's cart_id). */
  lineIds: number[];
  /** A customer of the food store (null where the API has no accounts), whose sign-ins always succeed. */
  account: { email: string; phone: string; password: string; token: string } | null;
  /** A live API key of the food store of scope orders: an owner call outside that scope is 403 whatever its body. */
  ordersKey: string | null;
}

export const HOSTS = ["food.localhost", "retail.localhost", "new.localhost"] as const;
const UNKNOWN_HOST = "unknown.localhost";

const productIds = [...new Set([...food.products, ...retail.products].map((p) => p.id))];
export const productSlugs = [...food.products, ...retail.products].map((p) => p.slug);
const otherSlugs = [...food.categories, ...retail.categories, ...food.pages].map((c) => c.slug);
const allProducts = [...food.products, ...retail.products];
/** Real (attribute id, value id) pairs and (multi group id, value id) pairs of the demo stores. */
const singlePairs = allProducts.flatMap((p) => p.attributes.flatMap((a) => a.values.map((v) => [a.id, v.id] as const)));
const multiPairs = allProducts.flatMap((p) =>
  ((p as { multi_selectable_attributes?: { id: number; values: { id: number }[] }[] }).multi_selectable_attributes ?? []).flatMap((a) =>
    a.values.map((v) => [a.id, v.id] as const),
  ),
);
export const COUPONS = ["FEAST20", "WELCOME50", "feast20"];

// ---------------------------------------------------------------- scalars

const JUNK_NUMBERS = [
  "0",
  "-1",
  "1",
  "2",
  "3",
  "2147483647",
  "2147483648",
  "4294967296",
  "9999999999",
  "99999999999",
  "9007199254740993",
  "1e99",
  "1e999",
  "-0",
  "0x1F",
  "1.5",
  "1,5",
  " 1",
  "1 ",
  "+1",
  "01",
  "NaN",
  "Infinity",
  "-Infinity",
];
const JUNK_STRINGS = [
  "",
  " ",
  "abc",
  "../",
  "..%2F",
  "%",
  "%zz",
  "%00",
  "\u0000",
  "ü",
  "Ωmega",
  "😀",
  "\ud800",
  "' OR 1=1 --",
  '"; DROP TABLE carts; --',
  "<script>alert(1)</script>",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "a\r\nb",
  "\t",
];
/** SQLite FTS5 query syntax and other search-box hostility. */
const FTS = [
  '"',
  '""',
  "*",
  "paneer*",
  "NEAR(paneer tikka)",
  "NEAR(a b, -1)",
  "paneer AND",
  "OR",
  "NOT tikka",
  "AND OR NOT",
  "name:paneer",
  "products_search:x",
  "^paneer",
  "-paneer",
  "(",
  ")",
  'a"b',
  "'",
  ";",
  "\\",
  "{name description}: x",
  "paneer + tikka",
  '*"*',
  "a:b:c",
];

const unit = fc.constantFrom("x", "9", "ü", "😀", "%", "&a=1", "[]", "\u0000", " ");
/** A huge string; `maxTimes` keeps it fit for where it goes (a URL, a header, a body). */
export const huge = (maxTimes: number): fc.Arbitrary<Text> => {
  const sizes = [200, 1000, 5000, 20_000, 70_000, 100_000].filter((n) => n <= maxTimes);
  return fc.record({ repeat: unit, times: fc.constantFrom(...(sizes.length > 0 ? sizes : [maxTimes])) });
};

/** A hostile value for any field: number-like junk, odd strings, random text, and now and then a huge one. */
export const junk = (maxTimes = 100_000): fc.Arbitrary<Text> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...JUNK_NUMBERS, ...JUNK_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: huge(maxTimes) },
  );

const hex32 = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => [...b].map((x) => x.toString(16).padStart(2, "0")).join(""));

/** A guest id as a header or cookie value: a seeded one (a real cart), a fresh one, or a near miss. */
export const guestId = (world: World): fc.Arbitrary<Text> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...world.guests) },
    { weight: 2, arbitrary: hex32 },
    { weight: 1, arbitrary: hex32.map((h) => h.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: hex32.map((h) => h.slice(1)) },
    { weight: 1, arbitrary: hex32.map((h) => `${h}0`) },
    { weight: 1, arbitrary: hex32.map((h) => ` ${h}`) },
    { weight: 2, arbitrary: junk(5000) },
  );

/** An id as a path segment or a field: real ones (products, the seeded cart lines) and the usual junk. */
export const id = (world: World): fc.Arbitrary<Text> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...productIds, ...world.lineIds).map(String) },
    { weight: 3, arbitrary: fc.constantFrom("0", "-1", "2147483648", "2147483647", "1e99", "abc", "../", "..%2F..%2F", "%", "ü", "😀") },
    { weight: 2, arbitrary: junk(5000) },
  );

export const slug: fc.Arbitrary<Text> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...productSlugs, ...otherSlugs) },
  { weight: 1, arbitrary: fc.constantFrom(...productSlugs).map((s) => s.toUpperCase()) },
  { weight: 3, arbitrary: junk(5000) },
);

// ---------------------------------------------------------------- methods, hosts, paths

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Methods workerd's fetch accepts; lower-case ones are normalised by it (or not: that is the point). */
export const anyMethod = fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "post", "patch", "delete");
export const unsafeMethod = fc.oneof(
  { weight: 6, arbitrary: fc.constant("POST") },
  { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "post") },
);

/** Host names no store can have: longer than DNS allows, whole or in one label (the host cache's KV key would pass 512 bytes). */
export const OVERSIZED_HOSTS = [`${"a".repeat(600)}.localhost`, `${"abcdefghij.".repeat(50)}localhost`, `${"x".repeat(64)}.localhost`];

export const host = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string>("food.localhost") },
  { weight: 2, arbitrary: fc.constantFrom<string>("retail.localhost", "new.localhost") },
  { weight: 1, arbitrary: fc.constant(UNKNOWN_HOST) },
  { weight: 1, arbitrary: fc.constantFrom(...OVERSIZED_HOSTS) },
);

/** Encodes a path segment or query part; raw sends it as it is (the URL parser does what it does). */
export function encode(value: string, raw: boolean): string {
  if (raw) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return value; // a lone surrogate: the URL parser replaces it
  }
}

// ---------------------------------------------------------------- query strings

const QUERY_KEYS = [
  "branch_id",
  "page",
  "per_page",
  "q",
  "slug",
  "product_id",
  "file",
  "index",
  "_data",
  "__proto__",
  "constructor",
  "branch_id[]",
  "page[]",
  "q[]",
];
const queryValue = (world: World): fc.Arbitrary<Text> =>
  fc.oneof(
    {
      weight: 3,
      // 99 and 2^31 - 1: branch ids no store has.
      arbitrary: fc.constantFrom(
        "1",
        "2",
        "3",
        "12",
        "48",
        "49",
        "99",
        "2147483647",
        "paneer",
        "tikka",
        // Searches past D1's 50-byte LIKE pattern (the predictive search's category match was one).
        "paneer butter masala with extra garlic naan and a lassi",
        "é".repeat(24),
        "b ".repeat(30),
        ...productSlugs.slice(0, 4),
        ...otherSlugs,
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...FTS) },
    { weight: 1, arbitrary: id(world) },
    { weight: 3, arbitrary: junk(5000) },
  );

export interface QuerySpec {
  pairs: [Text, Text][];
  raw: boolean;
}

export const query = (world: World): fc.Arbitrary<QuerySpec> =>
  fc.record({
    pairs: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), queryValue(world)), {
          maxLength: 5,
        }),
      },
      // One key many times: repeated keys become arrays in some readers and the last value in others.
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...QUERY_KEYS), fc.array(queryValue(world), { minLength: 2, maxLength: 60 }))
          .map(([k, vs]) => vs.map((v) => [k, v] as [Text, Text])),
      },
    ),
    raw: fc.boolean(),
  });

export function queryString(q: QuerySpec): string {
  if (q.pairs.length === 0) return "";
  return `?${q.pairs.map(([k, v]) => `${encode(textOf(k), q.raw)}=${encode(textOf(v), q.raw)}`).join("&")}`;
}

// ---------------------------------------------------------------- headers and cookies

/** Same-origin values, which browsers send on a store's own forms, and cross-site ones, which are refused 403. */
export type OriginSpec =
  | { kind: "none" }
  | { kind: "same"; origin: boolean; fetchSite: "same-origin" | "none" | null }
  | { kind: "foreign"; origin: "evil" | "null" | "sibling" | "upper" | null; fetchSite: "cross-site" | "same-site" | null };

export const originSpec: fc.Arbitrary<OriginSpec> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<OriginSpec>({ kind: "none" }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("same" as const),
      origin: fc.boolean(),
      fetchSite: fc.constantFrom("same-origin" as const, "none" as const, null),
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        kind: fc.constant("foreign" as const),
        origin: fc.constantFrom("evil" as const, "null" as const, "sibling" as const, "upper" as const, null),
        fetchSite: fc.constantFrom("cross-site" as const, "same-site" as const, null),
      })
      .filter((o) => o.origin !== null || o.fetchSite !== null),
  },
);

export function originHeaders(spec: OriginSpec, hostname: string): [string, string][] {
  const headers: [string, string][] = [];
  if (spec.kind === "same") {
    if (spec.origin) headers.push(["Origin", `http://${hostname}`]);
    if (spec.fetchSite) headers.push(["Sec-Fetch-Site", spec.fetchSite]);
  } else if (spec.kind === "foreign") {
    const origins = {
      evil: "https://evil.example",
      null: "null",
      sibling: `http://${hostname === "retail.localhost" ? "food" : "retail"}.localhost`,
      upper: `HTTP://${hostname.toUpperCase()}`,
    };
    if (spec.origin) headers.push(["Origin", origins[spec.origin]]);
    if (spec.fetchSite) headers.push(["Sec-Fetch-Site", spec.fetchSite]);
  }
  return headers;
}

const EXTRA_HEADERS = [
  "Authorization",
  "Accept",
  "Accept-Language",
  "Accept-Encoding",
  "Content-Encoding",
  "If-None-Match",
  "If-Modified-Since",
  "Range",
  "X-Forwarded-For",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "CF-Connecting-IP",
  "X-Requested-With",
  "X-Remix-Response",
  "Referer",
  "User-Agent",
  "__proto__",
];

export interface HeaderSpec {
  guest: Text | null;
  authorization: Text | null;
  origin: OriginSpec;
  extra: [string, Text][];
}

export const headers = (world: World): fc.Arbitrary<HeaderSpec> =>
  fc.record({
    guest: fc.option(guestId(world), { nil: null, freq: 3 }),
    authorization: fc.option(
      fc.oneof(
        fc.constantFrom("Bearer junk", "Bearer ", "Bearer null", "Basic Og==", "Bearer a.b.c"),
        // The seeded customer's session, so the customer's calls (saved addresses) get past sign-in; read when sent.
        fc.constant(0).map(() => `Bearer ${world.account?.token ?? "none"}`),
        junk(2000).map((t) => `Bearer ${textOf(t)}`),
        fc.constant(world.ordersKey === null ? "Bearer junk" : `Bearer ${world.ordersKey}`),
      ),
      { nil: null, freq: 4 },
    ),
    origin: originSpec,
    extra: fc.array(
      fc.tuple(
        fc.constantFrom(...EXTRA_HEADERS),
        fc.oneof(
          fc.constantFrom("gzip", "br", "*/*", "bytes=0-1", "text/html", "1.2.3.4", "evil.example", "XMLHttpRequest", "yes"),
          junk(2000),
        ),
      ),
      { maxLength: 3 },
    ),
  });

export interface CookieSpec {
  pieces: [Text, Text][];
  separator: string;
}

const BRANCH_COOKIES = [
  "1",
  "2",
  "3",
  "4",
  "0",
  "-1",
  "2147483647",
  "2147483648",
  "4294967295",
  "9999999999",
  "99999999999",
  "%",
  "1.5",
  " 1",
  "01",
];

export const cookies = (world: World): fc.Arbitrary<CookieSpec> =>
  fc.record({
    pieces: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.tuple(fc.constant<Text>("guest_id"), guestId(world)) },
        { weight: 3, arbitrary: fc.tuple(fc.constant<Text>("branch_id"), fc.oneof(fc.constantFrom<Text>(...BRANCH_COOKIES), junk(5000))) },
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constant<Text>("cart_count"),
            fc.oneof(fc.constantFrom<Text>("0", "3", "9999", "99999", "-1", "abc"), junk(2000)),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor", "")), junk(2000)),
        },
      ),
      { maxLength: 4 },
    ),
    separator: fc.constantFrom("; ", ";", ", ", "; ; "),
  });

/**
 * A header value fetch sends as it is: printable ASCII stays, anything else is percent-encoded (UTF-8), as cookie
 * libraries write it. Raw non-ASCII would be re-encoded by workerd with a warning per request, and NUL, CR and LF
 * make fetch throw before the Worker sees anything.
 */
export function headerValue(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || code === 9) out += char;
    else out += encodeURIComponent(char.length === 1 && code >= 0xd800 && code <= 0xdfff ? "\ufffd" : char);
  }
  return out;
}

export function cookieHeader(c: CookieSpec): string | null {
  if (c.pieces.length === 0) return null;
  return headerValue(c.pieces.map(([k, v]) => `${textOf(k)}=${textOf(v)}`).join(c.separator));
}

// ---------------------------------------------------------------- bodies

/** null: no Content-Type at all (the body is sent as bytes, so fetch adds none). */
export type ContentType = string | null;

const CONTENT_TYPES: ContentType[] = [
  null,
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/json; charset=garbage",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=XyZ",
  'multipart/form-data; boundary="a b"',
  "multipart/mixed; boundary=XyZ",
  "application/octet-stream",
  "garbage",
  "a/b; c=d; ;;",
  "application/json, text/plain",
];
export const contentType: fc.Arbitrary<ContentType> = fc.constantFrom(...CONTENT_TYPES);

export type BodySpec =
  | { kind: "none" }
  /** Text sent as it is, with the Content-Type given (or none). */
  | { kind: "text"; text: Text; type: ContentType; stream: boolean }
  | { kind: "bytes"; bytes: Uint8Array; type: ContentType }
  /** Form fields, sent urlencoded or as multipart (a real boundary), or with another Content-Type over it. */
  | { kind: "form"; fields: [Text, Text][]; as: "urlencoded" | "multipart"; type?: ContentType; stream: boolean };

/**
 * Sent as a stream of unknown length now and then. (When the Worker answers without reading it, workerd logs
 * "read end of pipe was aborted": harmless.)
 */
const sometimes = fc.constantFrom(false, false, false, true);

/** A JSON value of any kind, and numbers JSON.stringify cannot write. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1,
      0.5,
      -0,
      2147483647,
      2147483648,
      9999999999,
      Number.MAX_SAFE_INTEGER + 2,
      1e300,
      true,
      null,
      "1",
      "",
      [],
      {},
      [1],
    ),
  },
  { weight: 1, arbitrary: junk(20_000).map(textOf) },
);

const BODY_KEYS = [
  "product_id",
  "quantity",
  "selected_attributes",
  "selected_multi_attributes",
  "cart_id",
  "code",
  "fulfillment",
  "pincode",
  "latitude",
  "longitude",
  "name",
  "email",
  "phone",
  "password",
  "referred_by",
];

/** A selection as the API takes it: real attribute and value ids, or junk ids, maybe many. */
const selections = fc.record(
  {
    selected_attributes: fc.oneof(
      fc.array(fc.constantFrom(...singlePairs), { maxLength: 3 }).map((pairs) => Object.fromEntries(pairs.map(([a, v]) => [String(a), v]))),
      fc.dictionary(fc.oneof(fc.constantFrom("0", "-1", "1e3", "2147483648", "__proto__", "abc"), fc.nat().map(String)), anyJson, {
        maxKeys: 3,
      }),
      fc.constantFrom<unknown>([], [1, 2], "x", null),
    ),
    selected_multi_attributes: fc.oneof(
      fc
        .array(fc.constantFrom(...multiPairs), { maxLength: 4 })
        .map((pairs) => Object.fromEntries(pairs.map(([g, v]) => [String(g), [v]]))),
      fc
        .tuple(fc.constantFrom(...multiPairs), fc.integer({ min: 2, max: 500 }))
        .map(([[g, v], n]) => ({ [String(g)]: Array.from({ length: n }, () => v) })),
      fc.dictionary(fc.nat().map(String), anyJson, { maxKeys: 3 }),
      fc.constantFrom<unknown>([], {}, [[1]], "x", null),
    ),
  },
  { requiredKeys: [] },
);

/** Text a form field may be sent: plain, empty, or with control characters alone or inside. */
const typedText = fc.oneof(
  fc.constantFrom<unknown>("Indiranagar", "", " ", "\u0000", "\u0000\u0000", "a\u0000b", "\u001b[31mred", "two\nlines", "\u007f"),
  junk(200).map(textOf),
);

/** Bodies with the API's keys and mostly the right types, so validation passes and the cart code runs. */
const plausibleJson = (world: World): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof(
    fc
      .record({
        product_id: fc.oneof(fc.constantFrom(...productIds), fc.constantFrom(0, -1, 2147483648, 1e15)),
        quantity: fc.oneof(fc.integer({ min: -2, max: 101 }), fc.constantFrom(0.5, 1e9, -0)),
      })
      .chain((base) => selections.map((s) => ({ ...base, ...s }))),
    fc
      .record({
        cart_id: fc.oneof(fc.constantFrom(...world.lineIds), fc.constantFrom(0, -1, 2147483648)),
        quantity: fc.oneof(fc.integer({ min: -2, max: 101 }), fc.constantFrom(0.5, 1e9)),
      })
      .chain((base) => fc.oneof(fc.constant({}), selections).map((s) => ({ ...base, ...s }))),
    fc.record({ code: fc.oneof(fc.constantFrom(...COUPONS), junk(200).map(textOf), fc.constant("x".repeat(101))) }),
    fc.record({ fulfillment: fc.constantFrom<unknown>("delivery", "pickup", "PICKUP", "", null, 1) }),
    fc.record(
      {
        pincode: fc.oneof(fc.constantFrom<unknown>("560038", "", null, 560038, "x".repeat(21)), junk(100).map(textOf)),
        latitude: fc.oneof(fc.double(), fc.constantFrom<unknown>(12.97, 91, -91, null, "12.9")),
        longitude: fc.oneof(fc.double(), fc.constantFrom<unknown>(77.64, 181, -181, null, "77")),
      },
      { requiredKeys: [] },
    ),
    // A saved address with control characters in its text (a NUL-only field failed the table's CHECK: a 500).
    fc.record({
      label: fc.constantFrom<unknown>("Home", "Work", "Other"),
      name: typedText,
      phone: fc.constant("+919876543210"),
      line1: typedText,
      line2: typedText,
      landmark: typedText,
      city: typedText,
      state: typedText,
      pincode: fc.constantFrom<unknown>("560038", "560034"),
    }),
    // Accounts: registration and sign-in (each valid one costs a password hash, so these are a small share).
    fc.record(
      {
        name: fc.oneof(fc.constantFrom<unknown>("Asha", "", " ", null, 1), junk(200).map(textOf)),
        email: fc.oneof(fc.constantFrom<unknown>("asha@example.com", "ASHA@example.com", "a@b", "", null), junk(300).map(textOf)),
        phone: fc.oneof(fc.constantFrom<unknown>("+919876543210", "98765 43210", "12", "", null), junk(100).map(textOf)),
        password: fc.oneof(fc.constantFrom<unknown>("correct horse", "short", "", null), junk(200).map(textOf)),
        referred_by: fc.oneof(fc.constantFrom<unknown>("FRIEND", "", "ABCDEFGH"), junk(100).map(textOf)),
      },
      { requiredKeys: [] },
    ),
  );

/** JSON text: valid, wrong types under the right keys, prototype keys, broken, huge. */
export const jsonText = (world: World): fc.Arbitrary<Text> =>
  fc.oneof(
    { weight: 4, arbitrary: plausibleJson(world).map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...BODY_KEYS), anyJson, { maxKeys: 5 }).map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null") },
    {
      // Keys JSON.parse keeps as own properties and a careless merge would put on the prototype.
      weight: 2,
      arbitrary: plausibleJson(world).map((o) => {
        const inner = JSON.stringify(o);
        return `{"__proto__":${inner},"constructor":{"prototype":${inner}},${inner.slice(1)}`;
      }),
    },
    {
      // Numbers JSON.stringify never writes, and a key given twice.
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"product_id":1e999,"quantity":1}',
        '{"product_id":1,"quantity":1e999}',
        '{"product_id":-0,"quantity":1}',
        '{"product_id":9007199254740993,"quantity":1}',
        '{"product_id":1.0,"quantity":1.0000000000000002}',
        '{"product_id":1,"quantity":1,"quantity":"x"}',
        '{"cart_id":1,"quantity":2,"cart_id":"1"}',
        '{"code":"FEAST20","code":null}',
        '{"latitude":1e999,"longitude":-1e999}',
        '\ufeff{"code":"FEAST20"}',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(plausibleJson(world), fc.nat(), fc.constantFrom("", "}", "garbage", "\u0000", ",")).map(([o, cut, tail]) => {
        const t = JSON.stringify(o);
        return t.slice(0, cut % t.length) + tail;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom("code", "pincode", "pad", "product_id"),
          fc.constantFrom("x", "ü", "😀", "\\u0000"),
          fc.constantFrom(1000, 20_000, 70_000, 100_000),
        )
        .map(([k, repeat, times]): Text => ({ before: `{"${k}":"`, repeat, times, after: '"}' })),
    },
    { weight: 1, arbitrary: huge(100_000) },
  );

/** Broken multipart bodies (for the multipart Content-Types above). */
const brokenMultipart = fc.constantFrom(
  '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nremove',
  '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nremove\r\n--XyZ',
  "--XyZ--\r\n",
  "--XyZ\r\n\r\n\r\n--XyZ--",
  '--other\r\nContent-Disposition: form-data; name="product_id"\r\n\r\n1\r\n--other--\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n',
  "--XyZ\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--XyZ--\r\n",
  "",
);

/** A form field name: the actions' own, the add form's bracketed ones, and hostile ones. */
const fieldName = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "intent",
      "cart_id",
      "quantity",
      "code",
      "fulfillment",
      "pincode",
      "place",
      "place_id",
      "latitude",
      "longitude",
      "product_id",
      "stay",
      // The account forms (login, register).
      "login",
      "name",
      "email",
      "phone",
      "password",
      "referred_by",
      "redirectTo",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...new Set([
        ...singlePairs.map(([a]) => `selected_attributes[${a}]`),
        ...multiPairs.map(([g]) => `selected_multi_attributes[${g}][]`),
      ]),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "selected_attributes[0]",
      "selected_attributes[__proto__]",
      "selected_attributes[99999999999]",
      "selected_multi_attributes[1][]",
      "selected_multi_attributes[][]",
      "selected_multi_attributes[1][0]",
      "__proto__",
      "constructor[prototype]",
      "intent[]",
      "",
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

const INTENTS = ["quantity", "remove", "apply-coupon", "remove-coupon", "fulfillment", "location", "find-place", "position"];

/** A value for a form field: plausible values for the actions' fields, ids, and junk. */
const fieldValue = (world: World): fc.Arbitrary<Text> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...INTENTS, ...COUPONS, "delivery", "pickup", "560038", "12.97", "77.64", "1", "2", "0", "99", "100"),
    },
    { weight: 2, arbitrary: id(world) },
    { weight: 3, arbitrary: junk(100_000) },
  );

export const formFields = (world: World): fc.Arbitrary<[Text, Text][]> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.tuple(fieldName, fieldValue(world)), { maxLength: 8 }) },
    // One field many times (the add form's multi choices, or a form that repeats everything).
    {
      weight: 1,
      arbitrary: fc
        .tuple(fieldName, fc.array(fieldValue(world), { minLength: 2, maxLength: 400 }))
        .map(([name, values]) => values.map((v) => [name, v] as [Text, Text])),
    },
  );

/** The /cart page's forms: an intent and its fields, plausible or not. */
export const cartForm = (world: World): fc.Arbitrary<[Text, Text][]> =>
  fc
    .record(
      {
        intent: fc.oneof({ weight: 6, arbitrary: fc.constantFrom<Text>(...INTENTS) }, { weight: 1, arbitrary: junk(100_000) }),
        cart_id: fc.oneof(fc.constantFrom<Text>(...world.lineIds.map(String)), id(world)),
        quantity: fc.oneof(fc.integer({ min: -2, max: 101 }).map<Text>(String), junk(100_000)),
        code: fc.oneof(fc.constantFrom<Text>(...COUPONS), junk(100_000)),
        fulfillment: fc.oneof(fc.constantFrom<Text>("delivery", "pickup"), junk(1000)),
        pincode: fc.oneof(fc.constantFrom<Text>("560038", ""), junk(1000)),
        latitude: fc.oneof(fc.constantFrom<Text>("12.97", "", "91", "NaN", "1e999"), junk(1000)),
        longitude: fc.oneof(fc.constantFrom<Text>("77.64", "", "-181", "Infinity"), junk(1000)),
      },
      { requiredKeys: ["intent"] },
    )
    .chain((fields) =>
      formFields(world).map((extra) => [
        ...Object.entries(fields).map(([k, v]) => [k, v] as [Text, Text]),
        ...(extra.length < 3 ? extra : []),
      ]),
    );

/** The product page's add form: product, quantity, choices (a multi choice maybe hundreds of times), stay. */
export const addForm = (world: World): fc.Arbitrary<[Text, Text][]> =>
  fc
    .record({
      product_id: fc.option(fc.oneof(fc.constantFrom<Text>(...productIds.map(String)), id(world)), { nil: undefined, freq: 8 }),
      quantity: fc.option(fc.oneof(fc.integer({ min: -1, max: 101 }).map<Text>(String), junk(100_000)), { nil: undefined, freq: 6 }),
      stay: fc.option(fc.constantFrom<Text>("1", "", "0"), { nil: undefined, freq: 2 }),
      single: fc.array(
        fc.oneof(
          fc.constantFrom(...singlePairs).map(([a, v]) => [`selected_attributes[${a}]`, String(v)] as [Text, Text]),
          fc.tuple(fc.constantFrom(...singlePairs), junk(5000)).map(([[a], v]) => [`selected_attributes[${a}]`, v] as [Text, Text]),
        ),
        { maxLength: 3 },
      ),
      multi: fc.oneof(
        fc.array(
          fc.constantFrom(...multiPairs).map(([g, v]) => [`selected_multi_attributes[${g}][]`, String(v)] as [Text, Text]),
          { maxLength: 4 },
        ),
        fc
          .tuple(fc.constantFrom(...multiPairs), fc.integer({ min: 2, max: 600 }), fc.boolean())
          .map(([[g, v], n, distinct]) =>
            Array.from({ length: n }, (_, i) => [`selected_multi_attributes[${g}][]`, String(distinct ? v + i : v)] as [Text, Text]),
          ),
      ),
      extra: fc.oneof({ weight: 3, arbitrary: fc.constant([] as [Text, Text][]) }, { weight: 1, arbitrary: formFields(world) }),
    })
    .map(({ product_id, quantity, stay, single, multi, extra }) => [
      ...(product_id === undefined ? [] : [["product_id", product_id] as [Text, Text]]),
      ...(quantity === undefined ? [] : [["quantity", quantity] as [Text, Text]]),
      ...(stay === undefined ? [] : [["stay", stay] as [Text, Text]]),
      ...single,
      ...multi,
      ...extra,
    ]);

/**
 * A body for a request: `fields` are the form fields this target expects (a page action's), `json` the JSON it
 * expects (an API route's); either way, now and then the other kind, broken multipart, binary or nothing.
 */
export function body(
  world: World,
  prefer: "json" | "form",
  fields: fc.Arbitrary<[Text, Text][]> = formFields(world),
): fc.Arbitrary<BodySpec> {
  const json = fc.record({
    kind: fc.constant("text" as const),
    text: jsonText(world),
    type: fc.oneof({ weight: 6, arbitrary: fc.constant<ContentType>("application/json") }, { weight: 3, arbitrary: contentType }),
    stream: sometimes,
  });
  const form = fc.record({
    kind: fc.constant("form" as const),
    fields,
    as: fc.constantFrom("urlencoded" as const, "multipart" as const),
    type: fc.option(contentType, { nil: undefined, freq: 5 }),
    stream: sometimes,
  });
  const others: fc.Arbitrary<BodySpec>[] = [
    fc.constant({ kind: "none" as const }),
    fc.record({
      kind: fc.constant("text" as const),
      text: brokenMultipart,
      type: fc.constantFrom<ContentType>(
        "multipart/form-data",
        "multipart/form-data; boundary=XyZ",
        "multipart/form-data; boundary=other",
        null,
      ),
      stream: sometimes,
    }),
    fc.record({ kind: fc.constant("bytes" as const), bytes: fc.uint8Array({ maxLength: 512 }), type: contentType }),
    fc.record({ kind: fc.constant("text" as const), text: junk(100_000), type: contentType, stream: sometimes }),
  ];
  return fc.oneof(
    { weight: 6, arbitrary: prefer === "json" ? json : form },
    { weight: 2, arbitrary: prefer === "json" ? form : json },
    ...others.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

/** The bytes and Content-Type a body spec stands for (multipart through a real FormData, for a real boundary). */
export async function bodyBytes(spec: BodySpec): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: ContentType } | null> {
  switch (spec.kind) {
    case "none":
      return null;
    case "text":
      return { bytes: new TextEncoder().encode(textOf(spec.text)), type: spec.type };
    case "bytes":
      return { bytes: new Uint8Array(spec.bytes), type: spec.type };
    case "form": {
      if (spec.as === "urlencoded") {
        const params = new URLSearchParams();
        for (const [k, v] of spec.fields) params.append(textOf(k), textOf(v));
        const type = spec.type === undefined ? "application/x-www-form-urlencoded" : spec.type;
        return { bytes: new TextEncoder().encode(params.toString()), type };
      }
      const form = new FormData();
      // workerd's FormData refuses to serialise a name that ends with a backslash.
      for (const [k, v] of spec.fields) form.append(textOf(k).replace(/\\+$/, ""), textOf(v));
      const response = new Response(form);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { bytes, type: spec.type === undefined ? response.headers.get("Content-Type") : spec.type };
    }
  }
}

export const isStreamed = (spec: BodySpec) => (spec.kind === "text" || spec.kind === "form") && spec.stream;

// ---------------------------------------------------------------- account forms

/** Where to go after signing in: the site's own paths, and every way out of it a careless check lets through. */
export const redirectTo: fc.Arbitrary<Text> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "/",
      "/cart",
      "/account",
      "",
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "javascript:alert(1)",
      "http://food.localhost@evil.example/",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\u0000/evil.example",
      " //evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/\u00a0/evil.example",
      "/\u2028/evil.example",
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("/", "//", "/\\", "/\t", ""), junk(2000)).map(([p, t]): Text => p + textOf(t)) },
);

const freshEmail = hex32.map((h) => `fuzz-${h.slice(0, 12)}@example.com`);
const freshPhone = fc.integer({ min: 6_000_000_000, max: 9_999_999_999 }).map((n) => `+91${n}`);

/**
 * The account pages' forms: sign-ins as the seeded customer (which succeed, so the redirect is taken), failed ones,
 * registrations of fresh accounts, sign-outs; each with a hostile redirectTo.
 */
export const accountForm = (world: World): fc.Arbitrary<{ path: string; fields: [Text, Text][] }> => {
  const account = world.account;
  const login = fc.oneof(
    ...(account
      ? [
          {
            weight: 3,
            arbitrary: fc
              .tuple(fc.constantFrom(account.email, account.phone, account.email.toUpperCase()), redirectTo)
              .map(([who, to]): [Text, Text][] => [
                ["login", who],
                ["password", account.password],
                ["redirectTo", to],
              ]),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc.tuple(junk(2000), junk(2000), redirectTo).map(([who, password, to]): [Text, Text][] => [
        ["login", who],
        ["password", password],
        ["redirectTo", to],
      ]),
    },
  );
  const register = fc
    .record({
      name: fc.oneof({ weight: 3, arbitrary: fc.constant<Text>("Fuzz") }, { weight: 1, arbitrary: junk(2000) }),
      email: fc.oneof({ weight: 3, arbitrary: freshEmail }, { weight: 1, arbitrary: junk(2000) }),
      phone: fc.oneof({ weight: 3, arbitrary: freshPhone }, { weight: 1, arbitrary: junk(200) }),
      password: fc.oneof({ weight: 3, arbitrary: fc.constant<Text>("correct horse battery") }, { weight: 1, arbitrary: junk(2000) }),
      redirectTo,
    })
    .map((f) => Object.entries(f) as [Text, Text][]);
  const logout = fc.oneof(fc.constant<Text>("logout"), junk(200)).map((intent): [Text, Text][] => [["intent", intent]]);
  return fc.oneof(
    { weight: 3, arbitrary: login.map((fields) => ({ path: "/login", fields })) },
    { weight: 2, arbitrary: register.map((fields) => ({ path: "/register", fields })) },
    { weight: 1, arbitrary: logout.map((fields) => ({ path: "/account", fields })) },
  );
};
