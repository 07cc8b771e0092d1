-- The conversation log: an append-only event table (the source of truth) and a projection for listing.
-- Portable SQL: runs on H2 2.x and PostgreSQL 14+. TEXT is a CLOB on H2 and unbounded text on PostgreSQL.

CREATE TABLE conversation_event (
    tenant_id       VARCHAR(64) NOT NULL,
    conversation_id VARCHAR(64) NOT NULL,
    seq             BIGINT      NOT NULL,
    event_type      VARCHAR(32) NOT NULL,
    -- Set only on message events: turn k of a conversation is recorded once.
    turn_index      INTEGER,
    payload         TEXT        NOT NULL,
    recorded_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_conversation_event PRIMARY KEY (tenant_id, conversation_id, seq)
);

CREATE UNIQUE INDEX ux_conversation_event_turn ON conversation_event (tenant_id, conversation_id, turn_index);

CREATE TABLE conversation (
    tenant_id       VARCHAR(64) NOT NULL,
    conversation_id VARCHAR(64) NOT NULL,
    kind            VARCHAR(16) NOT NULL,
    status          VARCHAR(16) NOT NULL,
    status_reason   TEXT        NOT NULL,
    participants    TEXT        NOT NULL,
    task_prompt     TEXT,
    max_turns       INTEGER     NOT NULL,
    turn_count      INTEGER     NOT NULL,
    last_speaker_id VARCHAR(64),
    turn_in_doubt   INTEGER     NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    -- seq of the last event folded in: the optimistic-locking version.
    version         BIGINT      NOT NULL,
    CONSTRAINT pk_conversation PRIMARY KEY (tenant_id, conversation_id)
);
