// Written by scripts/build-desk-module.ts from what the desk's module imports (decision 092): do not edit.
import * as l0 from "../commerce/branch-areas";
import * as l1 from "../commerce/date-format";
import * as l2 from "../commerce/i18n/message";
import * as l3 from "../commerce/i18n/translators";
import * as l4 from "../commerce/ids";
import * as l5 from "../commerce/languages";
import * as l6 from "../commerce/messages";
import * as l7 from "../commerce/money";
import * as l8 from "../commerce/order-actions";
import * as l9 from "../commerce/order-status";
import * as l10 from "../commerce/page-beacon";
import * as l11 from "../commerce/page-speed";
import * as l12 from "../commerce/stock";
import * as l13 from "../commerce/store-actor";
import * as l14 from "../commerce/store-transition-input";
import * as l15 from "../commerce/text-direction";
import * as l16 from "../commerce/zod";
import * as l17 from "hono/factory";
import * as l18 from "hono/http-exception";
import * as l19 from "react-dom/server";
import * as l20 from "react/jsx-runtime";
import * as l21 from "../web/cache-control";
import * as l22 from "../web/form-reader";
import * as l23 from "../web/page-request-language";
import * as l24 from "./accounts/fields";
import * as l25 from "./after-answer";
import * as l26 from "./branches/store-branches";
import * as l27 from "./catalog/stock-moves";
import * as l28 from "./db/batch";
import * as l29 from "./http/client-address";
import * as l30 from "./http/errors";
import * as l31 from "./live/open-stream";
import * as l32 from "./order-life";
import * as l33 from "./orders";
import * as l34 from "./page-speed/report";
import * as l35 from "./staff/staff-sessions";
import * as l36 from "./staff/staff-sign-in";
import * as l37 from "./stock-admin/set-stock";
import * as l38 from "./store-switches/store-switches";
import * as l39 from "./tenancy/tenant-origin";
import * as l40 from "./visitor/cookies";

/** Where the Worker leaves the link for the desk's module to read as it is evaluated. */
export const DESK_LINK_KEY = Symbol.for("storefront.desk-link");

/** What the desk's module takes from the Worker: by module, the bindings it would otherwise have bundled again. */
export const DESK_LINK = {
  "commerce/branch-areas": { openAt: l0.openAt },
  "commerce/date-format": { memoisedFormat: l1.memoisedFormat },
  "commerce/i18n/message": { issueId: l2.issueId, say: l2.say },
  "commerce/i18n/translators": { translatorOf: l3.translatorOf },
  "commerce/ids": { PUBLIC_ID: l4.PUBLIC_ID, parseId: l4.parseId },
  "commerce/languages": { interfaceLanguageOf: l5.interfaceLanguageOf },
  "commerce/messages": { TOO_MANY_REQUESTS: l6.TOO_MANY_REQUESTS },
  "commerce/money": { formatPrice: l7.formatPrice, toMajor: l7.toMajor },
  "commerce/order-actions": { storeMoves: l8.storeMoves },
  "commerce/order-status": { BOARD_COLUMNS: l9.BOARD_COLUMNS, LIVE_STATUSES: l9.LIVE_STATUSES },
  "commerce/page-beacon": { PAGE_KINDS: l10.PAGE_KINDS },
  "commerce/page-speed": { METRICS: l11.METRICS, SCALES: l11.SCALES },
  "commerce/stock": {
    MAX_STOCK_UNITS: l12.MAX_STOCK_UNITS,
    STOCK_TEXT: l12.STOCK_TEXT,
    stockLevel: l12.stockLevel,
    typedUnits: l12.typedUnits,
  },
  "commerce/store-actor": { mayAct: l13.mayAct },
  "commerce/store-transition-input": { reasonToCancel: l14.reasonToCancel, storeTransitionFields: l14.storeTransitionFields },
  "commerce/text-direction": { textDirection: l15.textDirection },
  "commerce/zod": {
    _default: l16._default,
    enum: l16.enum,
    maxLength: l16.maxLength,
    minLength: l16.minLength,
    object: l16.object,
    optional: l16.optional,
    pipe: l16.pipe,
    regex: l16.regex,
    string: l16.string,
    transform: l16.transform,
  },
  "hono/factory": { createMiddleware: l17.createMiddleware },
  "hono/http-exception": { HTTPException: l18.HTTPException },
  "react-dom/server": { renderToString: l19.renderToString },
  "react/jsx-runtime": { Fragment: l20.Fragment, jsx: l20.jsx, jsxs: l20.jsxs },
  "web/cache-control": { SHOPPER_CACHE_CONTROL: l21.SHOPPER_CACHE_CONTROL },
  "web/form-reader": { readForm: l22.readForm },
  "web/page-request-language": { PAGE_LANGUAGE_HEADER: l23.PAGE_LANGUAGE_HEADER },
  "worker/accounts/fields": { email: l24.email },
  "worker/after-answer": { afterAnswer: l25.afterAnswer, backgroundOf: l25.backgroundOf },
  "worker/branches/store-branches": { storeBranches: l26.storeBranches },
  "worker/catalog/stock-moves": { refreshStockMarkers: l27.refreshStockMarkers },
  "worker/db/batch": { namedBatch: l28.namedBatch, step: l28.step },
  "worker/http/client-address": { clientAddress: l29.clientAddress },
  "worker/http/errors": { errorAnswer: l30.errorAnswer },
  "worker/live/open-stream": { isWebSocketHandshake: l31.isWebSocketHandshake, openStream: l31.openStream },
  "worker/order-life": { transitionForStore: l32.transitionForStore },
  "worker/orders": {
    BOARD_LIMIT: l33.BOARD_LIMIT,
    findOrder: l33.findOrder,
    listBoardOrders: l33.listBoardOrders,
    loadStoreOrder: l33.loadStoreOrder,
  },
  "worker/page-speed/report": { pageSpeedReport: l34.pageSpeedReport },
  "worker/staff/staff-sessions": { endStaffSession: l35.endStaffSession, findStaffSession: l35.findStaffSession },
  "worker/staff/staff-sign-in": { signInStaff: l36.signInStaff },
  "worker/stock-admin/set-stock": { setStock: l37.setStock },
  "worker/store-switches/store-switches": { WHOLE_STORE: l38.WHOLE_STORE, setSwitch: l38.setSwitch },
  "worker/tenancy/tenant-origin": { storeSite: l39.storeSite },
  "worker/visitor/cookies": {
    DESK_SESSION_COOKIE: l40.DESK_SESSION_COOKIE,
    clearCookieHeader: l40.clearCookieHeader,
    readDeskSession: l40.readDeskSession,
    setCookieHeader: l40.setCookieHeader,
  },
};
