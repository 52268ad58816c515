-- Issue 25. A booking carries the partner and affiliate id of its cart, and the reseller who made
-- it, whichever code path inserts it (the one-statement seat hold and the stepwise one both do):
-- a BEFORE INSERT trigger fills what the insert left empty, by primary key lookups only.
CREATE FUNCTION bookings_attribution() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.partner_id IS NULL OR NEW.affiliate_id IS NULL THEN
    SELECT coalesce(NEW.partner_id, c.partner_id), coalesce(NEW.affiliate_id, c.affiliate_id)
      INTO NEW.partner_id, NEW.affiliate_id
      FROM carts c WHERE c.id = NEW.cart_id;
  END IF;
  IF NEW.reseller_user_id IS NULL AND NEW.user_id IS NOT NULL THEN
    SELECT u.id INTO NEW.reseller_user_id FROM users u WHERE u.id = NEW.user_id AND u.role = 'reseller';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_attribution BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_attribution();
--> statement-breakpoint
-- The two flags that were build-time environment variables (NEW_RESULTS_PAGE, NEW_STATION_PAGE),
-- now changed by Admin at run time; both start with everyone on the classic page.
INSERT INTO feature_flags (key, description, variants) VALUES
  ('new_results_page', 'The new results page (route facts first, trips by part of the day) at the plain results URL', '[{"name":"classic","share":100},{"name":"new","share":0}]'::jsonb),
  ('new_station_page', 'The new station page (departures grouped by destination)', '[{"name":"classic","share":100},{"name":"new","share":0}]'::jsonb)
ON CONFLICT (key) DO NOTHING;
