-- The marks a user put on a conversation (starred, legal_hold), comma-separated: they exempt it from retention, and
-- a legal hold refuses an erase (docs/decisions/0031).
ALTER TABLE conversation ADD COLUMN marks VARCHAR(64) DEFAULT '' NOT NULL;
