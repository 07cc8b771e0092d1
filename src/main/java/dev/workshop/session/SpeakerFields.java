package dev.workshop.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workshop.session.SessionSnapshot.Speaker;

/**
 * Reads who said a message from any schema: the current {@code speaker: {id, name, displayName}}, the flat
 * {@code speaker_id} / {@code speaker_name} of exports, and the older {@code roleId} / {@code roleName} /
 * {@code roleTitle}, nested or flat, which this migrates to {@code id} / {@code name} / {@code displayName}.
 */
final class SpeakerFields {
    private SpeakerFields() {
    }

    /** The speaker of {@code message}; {@code where} names the message in an error. */
    static Speaker of(JsonNode message, String where) {
        JsonNode nested = message.path("speaker");
        String id;
        String name;
        String displayName;
        if (nested.isObject()) {
            id = SnapshotJson.text(nested, "id", "roleId");
            name = SnapshotJson.text(nested, "name", "roleName");
            displayName = SnapshotJson.text(nested, "displayName", "roleTitle");
        } else {
            // A message's own "id" is the message's, never the speaker's: flat fields are prefixed.
            id = SnapshotJson.text(message, "speaker_id", "roleId");
            name = SnapshotJson.text(message, "speaker_name", "roleName");
            displayName = SnapshotJson.text(message, "speaker_display_name", "roleTitle");
        }
        if (id == null) {
            throw new InvalidSnapshotException(where + " names no speaker (speaker.id, speaker_id or roleId)");
        }
        return new Speaker(id, name, displayName);
    }
}
