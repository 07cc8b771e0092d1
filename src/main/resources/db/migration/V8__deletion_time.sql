-- When the user deleted a conversation, kept on its row as the fold keeps it in the state: Recently deleted lists
-- the deleted conversations newest first without reading each one's log. Rows deleted before: the time of their
-- last deletion, from the log. NULL on a row that is not deleted (and on one an older Workshop deletes later, where
-- the store reads the log as before).
ALTER TABLE conversation ADD COLUMN deleted_at TIMESTAMP WITH TIME ZONE;
UPDATE conversation SET deleted_at = (
    SELECT MAX(e.recorded_at) FROM conversation_event e
     WHERE e.tenant_id = conversation.tenant_id AND e.conversation_id = conversation.conversation_id
       AND e.event_type = 'deleted')
 WHERE deleted;
