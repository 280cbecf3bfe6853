-- 0011: a project's "ordered" mark on its own row. An add to a cart is one statement that
-- locks the project's row and checks this mark: when it waited for a checkout's lock, the
-- row it re-reads carries the checkout's mark (a subquery on orders would still see the
-- snapshot from before the checkout committed). Set by a trigger, so every order sets it.

ALTER TABLE projects ADD COLUMN ordered boolean NOT NULL DEFAULT false;
UPDATE projects SET ordered = true WHERE id IN (SELECT project_id FROM orders);

CREATE FUNCTION atelier_project_ordered() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN UPDATE projects SET ordered = true WHERE id = NEW.project_id; RETURN NULL; END $$;

CREATE TRIGGER orders_mark_project
  AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION atelier_project_ordered();
