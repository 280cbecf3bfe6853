-- 0013: every column the search index or its cards read moves the row's search_xid (0007).
-- 0007 named the columns a search matches, counts or sorts on, but not all that a card
-- shows (thumb_path, updated) nor substrates (in search_tags, the filters): a change of
-- only those never reached the index or the cards of any worker until it restarted.
-- The list is modules/search/followed-columns.ts's SEARCH_FOLLOWED_COLUMNS, which is
-- typed against the index's and the cards' rows; followed-columns.test.ts checks that
-- this trigger names exactly those columns. Change both together.
DROP TRIGGER images_search_xid ON images;

CREATE TRIGGER images_search_xid
  BEFORE INSERT OR UPDATE OF artist_id, caption, colours, created, image_type, keywords,
    local_id, max_height, max_width, orientation, people, popularity, price, published,
    source, substrates, thumb_path, title, updated
  ON images FOR EACH ROW EXECUTE FUNCTION atelier_search_xid_touch();
