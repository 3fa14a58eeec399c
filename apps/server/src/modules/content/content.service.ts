import { type PlatformStats } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { type AppDatabase, selectRows } from '../../db/client';

/** Days of the "monthly volume" window. */
export const MONTHLY_VOLUME_WINDOW_DAYS = 30;

/**
 * Landing statistics, from the database:
 * - active operations: approved by an admin and open to buyers (status active);
 * - countries: distinct origin or destination countries of those operations;
 * - monthly volume: total value (tons × price) of active operations opened
 *   (approved) in the last 30 days, in US dollars;
 * - partners: active partner companies.
 */
export async function getPlatformStats(db: AppDatabase): Promise<PlatformStats> {
  const [row] = await selectRows<{
    active_operations: number;
    countries: number;
    monthly_volume_cents: number;
    partners: number;
  }>(
    db,
    sql`
      with active as (
        select origin_country, destination_country, total_price_cents, coalesce(approved_at, created_at) as opened_at
        from operations
        where review_status = 'approved' and status = 'active'
      )
      select
        (select count(*) from active)::int as active_operations,
        (select count(*) from (select origin_country from active union select destination_country from active) c)::int as countries,
        (select coalesce(sum(total_price_cents), 0) from active
          where opened_at >= now() - make_interval(days => ${MONTHLY_VOLUME_WINDOW_DAYS}))::float8 as monthly_volume_cents,
        (select count(*) from partners where is_active)::int as partners
    `,
  );
  return {
    activeOperations: row?.active_operations ?? 0,
    countries: row?.countries ?? 0,
    monthlyVolumeUsd: (row?.monthly_volume_cents ?? 0) / 100,
    partners: row?.partners ?? 0,
  };
}
