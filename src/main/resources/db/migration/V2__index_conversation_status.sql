-- Resume at launch looks for the conversations that were running; retention for old finished ones.
-- Only (tenant, status): an index holding updated_at would be rewritten by every event of every conversation.
CREATE INDEX ix_conversation_status ON conversation (tenant_id, status);
