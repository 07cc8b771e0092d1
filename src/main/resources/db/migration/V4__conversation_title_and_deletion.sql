-- The name the user gave a conversation (NULL: its title is taken from the task prompt), and whether they deleted it.
-- A deleted conversation's row and events stay: the log is append-only, and lists leave it out.
ALTER TABLE conversation ADD COLUMN title VARCHAR(200);
ALTER TABLE conversation ADD COLUMN deleted BOOLEAN DEFAULT FALSE NOT NULL;
