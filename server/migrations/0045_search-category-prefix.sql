-- Issue 31, hand-written. A search that asks for a category ranks first the names of that category
-- starting with the keyword (catalog/search.ts byCategory, listing.ts rankedCandidates): this index
-- reads those as one range, where 0021's products_name_prefix_idx read every name so started, in every
-- category, to keep the few of one ("rudraksha": 2,858 names, none of them in the rudraksha category).
CREATE INDEX IF NOT EXISTS "products_category_name_prefix_idx" ON "products" ("category", lower("name") text_pattern_ops);
