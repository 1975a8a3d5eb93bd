-- Card fingerprints made under the key once written in the source can be reversed to
-- the card number. They are replaced by values that say nothing about the card: a pending nonce
-- falls back to its own id, a saved card to a hash of its vault token (such a card saved again later
-- becomes one new row, once). docs/decisions/016: the fingerprint key is the installation's own,
-- never one written in the source.
UPDATE "sandbox_nonces" SET "fingerprint" = NULL WHERE "fingerprint" ~ '^[0-9a-f]{64}$';
--> statement-breakpoint
UPDATE "sandbox_vault" SET "fingerprint" = 'retired:' || md5("token") WHERE "fingerprint" ~ '^[0-9a-f]{64}$';
--> statement-breakpoint
UPDATE "payment_instruments" SET "fingerprint" = 'retired:' || md5("token") WHERE "fingerprint" ~ '^[0-9a-f]{64}$';
