-- Team mode: which instance drives a conversation. The lease runs out by the database's clock unless renewed, and
-- its epoch goes up at every taking, so that an owner paused past its lease finds its next append refused.
CREATE TABLE conversation_lease (
    tenant_id       VARCHAR(64)  NOT NULL,
    conversation_id VARCHAR(64)  NOT NULL,
    owner           VARCHAR(128) NOT NULL,
    epoch           BIGINT       NOT NULL,
    expires_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_conversation_lease PRIMARY KEY (tenant_id, conversation_id)
);
