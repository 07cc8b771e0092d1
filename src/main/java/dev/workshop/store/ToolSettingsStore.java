package dev.workshop.store;

import dev.workshop.domain.tool.ToolGrants;
import dev.workshop.domain.tool.ToolServer;
import java.util.List;

/**
 * Where the outside tool servers and the agents' grants are kept: per device, beside the data (the servers in the
 * {@code mcpServers} shape other desktop apps read). Reading a damaged file says so once and reads as empty.
 */
public interface ToolSettingsStore {
    List<ToolServer> servers();

    void saveServers(List<ToolServer> servers);

    ToolGrants grants();

    void saveGrants(ToolGrants grants);

    /** Nothing configured, nothing kept (a read-only workspace, tests). */
    ToolSettingsStore NONE = new ToolSettingsStore() {
        @Override
        public List<ToolServer> servers() {
            return List.of();
        }

        @Override
        public void saveServers(List<ToolServer> servers) {
            throw new StoreException("Tool servers are not saved here");
        }

        @Override
        public ToolGrants grants() {
            return ToolGrants.NONE;
        }

        @Override
        public void saveGrants(ToolGrants grants) {
            throw new StoreException("Tool grants are not saved here");
        }
    };
}
