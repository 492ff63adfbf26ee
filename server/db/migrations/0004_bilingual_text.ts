import { sql, type Kysely } from 'kysely';

/**
 * One storage shape for bilingual text (docs/api/README.md): a column pair, the Chinese text
 * and the English one, as func, duty and dictionary_item already have. Reminders kept a JSON
 * object per language; they move to title_zh/title_en and content_zh/content_en.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('remind')
    .addColumn('title_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title_en', 'text')
    .addColumn('content_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_en', 'text')
    .execute();
  await sql`update remind set
      title_zh = coalesce(title->>'zh-CN', title->>'en-US', ''),
      title_en = title->>'en-US',
      content_zh = coalesce(content->>'zh-CN', content->>'en-US', ''),
      content_en = content->>'en-US'`.execute(db);
  await db.schema.alterTable('remind').dropColumn('title').dropColumn('content').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remind').addColumn('title', 'jsonb').addColumn('content', 'jsonb').execute();
  await sql`update remind set
      title = jsonb_strip_nulls(jsonb_build_object('zh-CN', title_zh, 'en-US', title_en)),
      content = jsonb_strip_nulls(jsonb_build_object('zh-CN', content_zh, 'en-US', content_en))`.execute(db);
  await db.schema.alterTable('remind').dropColumn('title_zh').dropColumn('title_en').dropColumn('content_zh').dropColumn('content_en').execute();
}
