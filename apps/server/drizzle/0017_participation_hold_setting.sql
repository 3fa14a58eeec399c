-- One word per concept (issue 14): the hold of an unpaid order is the participation hold.
-- Past audit rows keep the key they were written with.
UPDATE "platform_settings" SET "key" = 'participation_hold_hours'
WHERE "key" = 'reservation_hold_hours'
  AND NOT EXISTS (SELECT 1 FROM "platform_settings" WHERE "key" = 'participation_hold_hours');
