-- Reset tokens are stored hashed from now on (plugins/auth/reset-tokens.ts): any token written in plain
-- before this migration would still open the account, so every one of them is revoked. Their owners ask
-- for a new link.
DELETE FROM "verification" WHERE "identifier" LIKE 'reset-password:%' AND "identifier" NOT LIKE 'reset-password:sha256:%';
