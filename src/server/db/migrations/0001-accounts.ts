import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

export default ({ timestamp, boolean }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("user")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("email", "text", (col) => col.notNull().unique())
      .addColumn("emailVerified", boolean, (col) => col.notNull())
      .addColumn("image", "text")
      .addColumn("createdAt", timestamp, (col) => col.notNull())
      .addColumn("updatedAt", timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("session")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("expiresAt", timestamp, (col) => col.notNull())
      .addColumn("token", "text", (col) => col.notNull().unique())
      .addColumn("createdAt", timestamp, (col) => col.notNull())
      .addColumn("updatedAt", timestamp, (col) => col.notNull())
      .addColumn("ipAddress", "text")
      .addColumn("userAgent", "text")
      .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .execute();
    await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
    await db.schema
      .createTable("account")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("accountId", "text", (col) => col.notNull())
      .addColumn("providerId", "text", (col) => col.notNull())
      .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("accessToken", "text")
      .addColumn("refreshToken", "text")
      .addColumn("idToken", "text")
      .addColumn("accessTokenExpiresAt", timestamp)
      .addColumn("refreshTokenExpiresAt", timestamp)
      .addColumn("scope", "text")
      .addColumn("password", "text")
      .addColumn("createdAt", timestamp, (col) => col.notNull())
      .addColumn("updatedAt", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
    await db.schema
      .createIndex("account_provider_account_idx")
      .on("account")
      .columns(["providerId", "accountId"])
      .execute();
    await db.schema
      .createTable("verification")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("identifier", "text", (col) => col.notNull())
      .addColumn("value", "text", (col) => col.notNull())
      .addColumn("expiresAt", timestamp, (col) => col.notNull())
      .addColumn("createdAt", timestamp, (col) => col.notNull())
      .addColumn("updatedAt", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
  },
});
