-- Team mode: the team's agent definitions, shared by every device of the team (a device on its own keeps its
-- agents in agents.json), and the Workshops using this database with the schema each was built for, so that a
-- newer Workshop does not migrate the schema from under older ones that are still running.
CREATE TABLE team_agent (
    tenant_id  VARCHAR(64)   NOT NULL,
    agent_id   VARCHAR(200)  NOT NULL,
    -- The name in lower case: two agents of a team never share a name, whatever its case.
    name_key   VARCHAR(1000) NOT NULL,
    definition TEXT          NOT NULL,
    position   INTEGER       NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_team_agent PRIMARY KEY (tenant_id, agent_id)
);

CREATE UNIQUE INDEX ux_team_agent_name ON team_agent (tenant_id, name_key);

CREATE TABLE workshop_instance (
    owner          VARCHAR(128) NOT NULL,
    schema_version INTEGER      NOT NULL,
    seen_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_workshop_instance PRIMARY KEY (owner)
);
