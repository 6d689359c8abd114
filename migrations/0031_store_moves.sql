-- Moving a store between databases (decision 061). `moving` on the store's row: 0 it is served here; 1 its writes are
-- refused here (it is being copied away, or has left and this copy waits to be dropped); 2 it is arriving here (the
-- copy is being written, and nothing routes to it yet); 3 this left copy is being dropped.
ALTER TABLE tenants ADD COLUMN moving INTEGER NOT NULL DEFAULT 0 CHECK (moving IN (0, 1, 2, 3));
-- When `moving` last changed to 1: a left copy is dropped by the cron once no request can still be routed to it.
ALTER TABLE tenants ADD COLUMN frozen_at INTEGER;

-- The fence: while a store is frozen here, any write of its rows aborts with 'store_moving' (answered 503 with
-- Retry-After), so a request routed by a stale directory entry can never write to a copy that is no longer the
-- store's. A left copy being dropped (3) lets deletes through, nothing else. One trigger per table and operation:
-- SQLite has no statement-level trigger, and each is a primary-key lookup of one row.
CREATE TRIGGER fence_insert_additional_fees BEFORE INSERT ON additional_fees WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_additional_fees BEFORE UPDATE ON additional_fees WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_additional_fees BEFORE DELETE ON additional_fees WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_addresses BEFORE INSERT ON addresses WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_addresses BEFORE UPDATE ON addresses WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_addresses BEFORE DELETE ON addresses WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_auth_failures BEFORE INSERT ON auth_failures WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_auth_failures BEFORE UPDATE ON auth_failures WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_auth_failures BEFORE DELETE ON auth_failures WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_banners BEFORE INSERT ON banners WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_banners BEFORE UPDATE ON banners WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_banners BEFORE DELETE ON banners WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_branch_delivery BEFORE INSERT ON branch_delivery WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_branch_delivery BEFORE UPDATE ON branch_delivery WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_branch_delivery BEFORE DELETE ON branch_delivery WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_branch_stock BEFORE INSERT ON branch_stock WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_branch_stock BEFORE UPDATE ON branch_stock WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_branch_stock BEFORE DELETE ON branch_stock WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_branch_unavailable_products BEFORE INSERT ON branch_unavailable_products WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_branch_unavailable_products BEFORE UPDATE ON branch_unavailable_products WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_branch_unavailable_products BEFORE DELETE ON branch_unavailable_products WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_branches BEFORE INSERT ON branches WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_branches BEFORE UPDATE ON branches WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_branches BEFORE DELETE ON branches WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_cache_markers BEFORE INSERT ON cache_markers WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_cache_markers BEFORE UPDATE ON cache_markers WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_cache_markers BEFORE DELETE ON cache_markers WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_cart_items BEFORE INSERT ON cart_items WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_cart_items BEFORE UPDATE ON cart_items WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_cart_items BEFORE DELETE ON cart_items WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_carts BEFORE INSERT ON carts WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_carts BEFORE UPDATE ON carts WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_carts BEFORE DELETE ON carts WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_categories BEFORE INSERT ON categories WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_categories BEFORE UPDATE ON categories WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_categories BEFORE DELETE ON categories WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_contact_change_undos BEFORE INSERT ON contact_change_undos WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_contact_change_undos BEFORE UPDATE ON contact_change_undos WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_contact_change_undos BEFORE DELETE ON contact_change_undos WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_coupon_redemptions BEFORE INSERT ON coupon_redemptions WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_coupon_redemptions BEFORE UPDATE ON coupon_redemptions WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_coupon_redemptions BEFORE DELETE ON coupon_redemptions WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_customers BEFORE INSERT ON customers WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_customers BEFORE UPDATE ON customers WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_customers BEFORE DELETE ON customers WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_delivery_slabs BEFORE INSERT ON delivery_slabs WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_delivery_slabs BEFORE UPDATE ON delivery_slabs WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_delivery_slabs BEFORE DELETE ON delivery_slabs WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_discount_rules BEFORE INSERT ON discount_rules WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_discount_rules BEFORE UPDATE ON discount_rules WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_discount_rules BEFORE DELETE ON discount_rules WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_filter_attributes BEFORE INSERT ON filter_attributes WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_filter_attributes BEFORE UPDATE ON filter_attributes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_filter_attributes BEFORE DELETE ON filter_attributes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_filter_values BEFORE INSERT ON filter_values WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_filter_values BEFORE UPDATE ON filter_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_filter_values BEFORE DELETE ON filter_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_layout_elements BEFORE INSERT ON layout_elements WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_layout_elements BEFORE UPDATE ON layout_elements WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_layout_elements BEFORE DELETE ON layout_elements WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_message_sends BEFORE INSERT ON message_sends WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_message_sends BEFORE UPDATE ON message_sends WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_message_sends BEFORE DELETE ON message_sends WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_order_counters BEFORE INSERT ON order_counters WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_order_counters BEFORE UPDATE ON order_counters WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_order_counters BEFORE DELETE ON order_counters WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_order_lines BEFORE INSERT ON order_lines WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_order_lines BEFORE UPDATE ON order_lines WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_order_lines BEFORE DELETE ON order_lines WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_order_status_history BEFORE INSERT ON order_status_history WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_order_status_history BEFORE UPDATE ON order_status_history WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_order_status_history BEFORE DELETE ON order_status_history WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_order_stock BEFORE INSERT ON order_stock WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_order_stock BEFORE UPDATE ON order_stock WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_order_stock BEFORE DELETE ON order_stock WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_orders BEFORE INSERT ON orders WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_orders BEFORE UPDATE ON orders WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_orders BEFORE DELETE ON orders WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_outbox BEFORE INSERT ON outbox WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_outbox BEFORE UPDATE ON outbox WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_outbox BEFORE DELETE ON outbox WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_pages BEFORE INSERT ON pages WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_pages BEFORE UPDATE ON pages WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_pages BEFORE DELETE ON pages WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_password_resets BEFORE INSERT ON password_resets WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_password_resets BEFORE UPDATE ON password_resets WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_password_resets BEFORE DELETE ON password_resets WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_payment_order_claims BEFORE INSERT ON payment_order_claims WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_payment_order_claims BEFORE UPDATE ON payment_order_claims WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_payment_order_claims BEFORE DELETE ON payment_order_claims WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_payment_orders BEFORE INSERT ON payment_orders WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_payment_orders BEFORE UPDATE ON payment_orders WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_payment_orders BEFORE DELETE ON payment_orders WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_payments BEFORE INSERT ON payments WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_payments BEFORE UPDATE ON payments WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_payments BEFORE DELETE ON payments WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_attribute_values BEFORE INSERT ON product_attribute_values WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_attribute_values BEFORE UPDATE ON product_attribute_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_attribute_values BEFORE DELETE ON product_attribute_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_attributes BEFORE INSERT ON product_attributes WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_attributes BEFORE UPDATE ON product_attributes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_attributes BEFORE DELETE ON product_attributes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_combinations BEFORE INSERT ON product_combinations WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_combinations BEFORE UPDATE ON product_combinations WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_combinations BEFORE DELETE ON product_combinations WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_filter_values BEFORE INSERT ON product_filter_values WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_filter_values BEFORE UPDATE ON product_filter_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_filter_values BEFORE DELETE ON product_filter_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_multi_attributes BEFORE INSERT ON product_multi_attributes WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_multi_attributes BEFORE UPDATE ON product_multi_attributes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_multi_attributes BEFORE DELETE ON product_multi_attributes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_multi_values BEFORE INSERT ON product_multi_values WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_multi_values BEFORE UPDATE ON product_multi_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_multi_values BEFORE DELETE ON product_multi_values WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_ratings BEFORE INSERT ON product_ratings WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_ratings BEFORE UPDATE ON product_ratings WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_ratings BEFORE DELETE ON product_ratings WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_product_reviews BEFORE INSERT ON product_reviews WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_product_reviews BEFORE UPDATE ON product_reviews WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_product_reviews BEFORE DELETE ON product_reviews WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_products BEFORE INSERT ON products WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_products BEFORE UPDATE ON products WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_products BEFORE DELETE ON products WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_referrals BEFORE INSERT ON referrals WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_referrals BEFORE UPDATE ON referrals WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_referrals BEFORE DELETE ON referrals WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_scratch_cards BEFORE INSERT ON scratch_cards WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_scratch_cards BEFORE UPDATE ON scratch_cards WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_scratch_cards BEFORE DELETE ON scratch_cards WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_sessions BEFORE INSERT ON sessions WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_sessions BEFORE UPDATE ON sessions WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_sessions BEFORE DELETE ON sessions WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_sign_in_codes BEFORE INSERT ON sign_in_codes WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_sign_in_codes BEFORE UPDATE ON sign_in_codes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_sign_in_codes BEFORE DELETE ON sign_in_codes WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_site_settings BEFORE INSERT ON site_settings WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_site_settings BEFORE UPDATE ON site_settings WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_site_settings BEFORE DELETE ON site_settings WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_store_api_keys BEFORE INSERT ON store_api_keys WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_store_api_keys BEFORE UPDATE ON store_api_keys WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_store_api_keys BEFORE DELETE ON store_api_keys WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_store_files BEFORE INSERT ON store_files WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_store_files BEFORE UPDATE ON store_files WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_store_files BEFORE DELETE ON store_files WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_store_secrets BEFORE INSERT ON store_secrets WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_store_secrets BEFORE UPDATE ON store_secrets WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_store_secrets BEFORE DELETE ON store_secrets WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_tenant_hosts BEFORE INSERT ON tenant_hosts WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_tenant_hosts BEFORE UPDATE ON tenant_hosts WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_tenant_hosts BEFORE DELETE ON tenant_hosts WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_wallet_balances BEFORE INSERT ON wallet_balances WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_wallet_balances BEFORE UPDATE ON wallet_balances WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_wallet_balances BEFORE DELETE ON wallet_balances WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_wallet_entries BEFORE INSERT ON wallet_entries WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_wallet_entries BEFORE UPDATE ON wallet_entries WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_wallet_entries BEFORE DELETE ON wallet_entries WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_webhook_events BEFORE INSERT ON webhook_events WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_webhook_events BEFORE UPDATE ON webhook_events WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_webhook_events BEFORE DELETE ON webhook_events WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_wishlist_items BEFORE INSERT ON wishlist_items WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_wishlist_items BEFORE UPDATE ON wishlist_items WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_wishlist_items BEFORE DELETE ON wishlist_items WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
-- An arriving copy brings its coupon uses as they were: the limits were checked when each use was made, and an owner
-- may since have lowered them.
DROP TRIGGER coupon_redemptions_within_limits;
CREATE TRIGGER coupon_redemptions_within_limits BEFORE INSERT ON coupon_redemptions
WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) <> 2
BEGIN
  SELECT RAISE(ABORT, 'coupon_usage_limit')
  WHERE (SELECT usage_limit FROM discount_rules WHERE tenant_id = NEW.tenant_id AND id = NEW.discount_id) <=
        (SELECT COUNT(*) FROM coupon_redemptions
         WHERE tenant_id = NEW.tenant_id AND discount_id = NEW.discount_id AND released_at IS NULL);
  SELECT RAISE(ABORT, 'coupon_customer_limit')
  WHERE (SELECT per_customer_limit FROM discount_rules WHERE tenant_id = NEW.tenant_id AND id = NEW.discount_id) <=
        (SELECT COUNT(*) FROM coupon_redemptions
         WHERE tenant_id = NEW.tenant_id AND discount_id = NEW.discount_id AND owner = NEW.owner AND released_at IS NULL);
END;
