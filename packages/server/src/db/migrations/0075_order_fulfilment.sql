-- 0075: order fulfilment in the manage area (issue 14). A shipped order keeps its carrier
-- and tracking number (the customer's order page and shipped email show them); a cancelled
-- one keeps the reason staff gave. Staff find orders by status, newest first.
ALTER TABLE orders
  ADD COLUMN carrier         text CHECK (carrier IS NULL OR length(carrier) BETWEEN 1 AND 40),
  ADD COLUMN tracking_number text CHECK (tracking_number IS NULL OR length(tracking_number) BETWEEN 1 AND 64),
  ADD COLUMN cancel_reason   text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 1000);

CREATE INDEX orders_status_created_idx ON orders (status, created DESC, id DESC);
CREATE INDEX orders_total_idx ON orders (grand_total, id);
