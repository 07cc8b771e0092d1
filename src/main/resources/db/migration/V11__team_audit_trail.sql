-- The team's audit trail (docs/decisions/0030): who did what, when, on which instance, to which conversation — ids
-- and counts, never text — chained by hashes over a keyed hash of each conversation's id (the team's key, as its
-- tombstones use), so that an erase can take the id out of an entry and the chain still holds.
CREATE TABLE audit_entry (
    tenant_id       VARCHAR(64)  NOT NULL,
    number          BIGINT       NOT NULL,
    at              VARCHAR(40)  NOT NULL,
    device          VARCHAR(200) NOT NULL,
    member          VARCHAR(200) NOT NULL,
    action          VARCHAR(32)  NOT NULL,
    conversation_id VARCHAR(64),
    subject         VARCHAR(64)  NOT NULL,
    detail          TEXT         NOT NULL,
    counts          TEXT         NOT NULL,
    previous        VARCHAR(64)  NOT NULL,
    hash            VARCHAR(64)  NOT NULL,
    CONSTRAINT pk_audit_entry PRIMARY KEY (tenant_id, number)
);
