-- Conversations erased for good (docs/decisions/0031): a keyed hash of each id, kept for ever, which every new
-- conversation's first append is checked against; and the key of each team's hashes, shared by its instances.
CREATE TABLE erased_conversation (
    tenant_id  VARCHAR(64) NOT NULL,
    subject    VARCHAR(64) NOT NULL,
    erased_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_erased_conversation PRIMARY KEY (tenant_id, subject)
);

CREATE TABLE team_erasure_key (
    tenant_id    VARCHAR(64) NOT NULL,
    erasure_key  VARCHAR(64) NOT NULL,
    CONSTRAINT pk_team_erasure_key PRIMARY KEY (tenant_id)
);
