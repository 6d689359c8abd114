import type { OrderStatus } from "./order-status";

export type StepState = "done" | "current" | "todo";

/**
 * How a tracking timeline draws each step: the steps up to the order's status are done (a skipped step too: the order
 * is past it), the status itself is current, later ones to come. An order off the happy path (cancelled, expired,
 * waiting for payment) shows only the steps it reached, as done; its status is said plainly beside the timeline.
 */
export function stepStates(steps: readonly { status: OrderStatus; at: string | null }[], status: OrderStatus): StepState[] {
  const at = steps.findIndex((step) => step.status === status);
  if (at === -1) return steps.map((step) => (step.at === null ? "todo" : "done"));
  return steps.map((_, i) => (i < at ? "done" : i === at ? (status === "delivered" ? "done" : "current") : "todo"));
}
