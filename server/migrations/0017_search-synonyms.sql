CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"canonical" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_term_unique" UNIQUE("term"),
	CONSTRAINT "search_synonyms_term_check" CHECK (length("search_synonyms"."term") between 1 and 60),
	CONSTRAINT "search_synonyms_canonical_check" CHECK (length("search_synonyms"."canonical") between 1 and 60)
);
