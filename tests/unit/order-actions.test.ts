import { describe, expect, it } from "vitest";
import {
  CANCEL_AFTER_DISPATCH,
  CANCEL_FINISHED,
  CANCEL_WINDOW_PASSED,
  customerCancelRefusal,
  paymentOnCancel,
  paymentOnStoreTransition,
  STORE_TARGETS,
  storeMoves,
  storeTransitionRefusal,
} from "../../commerce/order-actions";
import { canTransitionOrder, FULFILMENT_STEPS, ORDER_STATUSES } from "../../commerce/order-status";
import { stepStates } from "../../commerce/order-timeline";

describe("what a customer and the store may do to an order", () => {
  it("lets the customer cancel before dispatch and inside the window only", () => {
    expect(customerCancelRefusal("placed", 2_000, 1_000)).toBeNull();
    expect(customerCancelRefusal("confirmed", 2_000, 2_000)).toEqual(CANCEL_WINDOW_PASSED);
    expect(customerCancelRefusal("packed", 2_000, 1_000)).toEqual(CANCEL_AFTER_DISPATCH);
    expect(customerCancelRefusal("out_for_delivery", 2_000, 1_000)).toEqual(CANCEL_AFTER_DISPATCH);
    expect(customerCancelRefusal("delivered", 2_000, 1_000)).toEqual(CANCEL_FINISHED);
  });

  it("voids what was not taken and refunds what was", () => {
    expect(["cod_pending", "awaiting", "failed"].map((p) => paymentOnCancel(p as "awaiting"))).toEqual(["void", "void", "void"]);
    expect(paymentOnCancel("paid")).toBe("refund_pending");
    expect(paymentOnCancel("void")).toBeNull();
  });

  it("allows the store exactly the table's transitions among its targets, and collects cash on delivery", () => {
    expect([...STORE_TARGETS]).toEqual([...FULFILMENT_STEPS, "cancelled"]);
    for (const from of ORDER_STATUSES) {
      for (const to of STORE_TARGETS)
        expect(storeTransitionRefusal(from, to) === null, `${from} → ${to}`).toBe(canTransitionOrder(from, to));
    }
    expect(paymentOnStoreTransition("delivered", "cod_pending")).toBe("cod_collected");
    expect(paymentOnStoreTransition("delivered", "paid")).toBeNull();
    expect(paymentOnStoreTransition("packed", "cod_pending")).toBeNull();
  });
});

describe("the moves the desk offers", () => {
  it("are the table's among the store's targets, in the order goods move, with no delivery run for a pickup", () => {
    expect(storeMoves("placed", "delivery")).toEqual(["confirmed", "packed", "out_for_delivery", "delivered", "cancelled"]);
    expect(storeMoves("placed", "pickup")).toEqual(["confirmed", "packed", "delivered", "cancelled"]);
    expect(storeMoves("out_for_delivery", "delivery")).toEqual(["delivered"]);
    for (const status of ["pending_payment", "payment_failed"] as const) expect(storeMoves(status, "delivery")).toEqual(["cancelled"]);
    for (const status of ["delivered", "cancelled", "expired"] as const) expect(storeMoves(status, "pickup")).toEqual([]);
  });
});

describe("the tracking timeline", () => {
  const steps = (reached: string[]) =>
    (["placed", "confirmed", "packed", "out_for_delivery", "delivered"] as const).map((status) => ({
      status,
      at: reached.includes(status) ? "2031-01-01T00:00:00.000Z" : null,
    }));

  it("marks the steps up to the status done (a skipped one too), the status current, the rest to come", () => {
    expect(stepStates(steps(["placed", "packed"]), "packed")).toEqual(["done", "done", "current", "todo", "todo"]);
    expect(stepStates(steps(["placed", "delivered"]), "delivered")).toEqual(["done", "done", "done", "done", "done"]);
  });

  it("shows an order off the path with only the steps it reached", () => {
    expect(stepStates(steps(["placed", "confirmed"]), "cancelled")).toEqual(["done", "done", "todo", "todo", "todo"]);
  });
});
