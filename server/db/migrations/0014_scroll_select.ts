import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 point 4: a counterparty's registered province and city (the province and city pair
 * of widgets §2, src/resources/defs/counter-party.ts), as the definition derives them; both
 * optional, so the counterparties already stored keep their place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table counter_party add column province_code varchar(6)').execute(db);
  await sql.raw('alter table counter_party add column city_code varchar(6)').execute(db);
}
