-- The desk's refunds of a day (worker/desk/today/today-numbers.ts, decision 085): the history rows where an order's
-- payment went to a refund, by store and instant. Partial, so it holds only those rows (a few per store a day) and
-- costs the other history writes nothing; a query uses it when it repeats the same payment_status condition.
CREATE INDEX order_status_history_refunds ON order_status_history (tenant_id, at)
  WHERE payment_status IN ('refund_pending', 'refunded');
