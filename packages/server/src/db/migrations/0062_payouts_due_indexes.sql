-- 0062: payments due and the payout preview aggregate every royalty-bearing line of a paid
-- order (docs/payouts.md). Narrow covering indexes let both read index-only instead of the
-- wide order_lines and orders heaps (scripts/bench-payouts.mjs: 1,000,000 lines).
CREATE INDEX order_lines_payout_idx ON order_lines (order_id, artist_id, id) INCLUDE (royalty)
  WHERE artist_id IS NOT NULL AND royalty > 0;
CREATE INDEX orders_paid_idx ON orders (id) INCLUDE (created)
  WHERE status IN ('paid', 'in production', 'shipped');
