CREATE TABLE "gtfs_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"data" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seo_overrides" (
	"path" text PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"heading" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_overrides_path" CHECK ("seo_overrides"."path" like '/%')
);
--> statement-breakpoint
CREATE TABLE "support_article_overrides" (
	"slug" text NOT NULL,
	"locale_code" text NOT NULL,
	"page_path" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_article_overrides_slug_locale_code_pk" PRIMARY KEY("slug","locale_code"),
	CONSTRAINT "support_article_overrides_page_path_unique" UNIQUE("page_path")
);
--> statement-breakpoint
ALTER TABLE "gtfs_uploads" ADD CONSTRAINT "gtfs_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_overrides" ADD CONSTRAINT "seo_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_article_overrides" ADD CONSTRAINT "support_article_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;