-- Resume at launch looks for the conversations that were running; retention looks for old finished ones.
CREATE INDEX ix_conversation_status ON conversation (tenant_id, status, updated_at);
