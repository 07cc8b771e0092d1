-- How far the journal has been applied to these tables. Written in the same transaction as the rows it
-- covers, so after any crash the journal is replayed from exactly here. Storage bookkeeping of one data
-- directory, not tenant data: it has no tenant_id.
CREATE TABLE store_checkpoint (
    id              INTEGER NOT NULL,
    journal_segment BIGINT  NOT NULL,
    journal_offset  BIGINT  NOT NULL,
    CONSTRAINT pk_store_checkpoint PRIMARY KEY (id)
);
