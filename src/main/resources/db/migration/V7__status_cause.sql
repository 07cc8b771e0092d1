-- Why a conversation stands where it stands (StatusCause's wire name): what may happen next is decided from it,
-- never from the sentence in status_reason. NULL on rows written before it: read as the cause that sentence meant.
ALTER TABLE conversation ADD COLUMN status_cause VARCHAR(40);
