import { z } from 'zod';

/** Landing statistics, computed from the database (spec §1: 19, 4, $1M, 19 on the demo data). */
export const ZPlatformStats = z.object({
  active_operations: z.number().int(),
  countries: z.number().int(),
  monthly_volume_usd: z.number(),
  partners: z.number().int(),
});
export type PlatformStats = z.infer<typeof ZPlatformStats>;

export const ZHealthResponse = z.object({ status: z.literal('ok') });
