-- Resumes since the last recorded message: a conversation that keeps crashing on resume is failed, not retried forever.
ALTER TABLE conversation ADD COLUMN resumes_without_progress INTEGER DEFAULT 0 NOT NULL;
