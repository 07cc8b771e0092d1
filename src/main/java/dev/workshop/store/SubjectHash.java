package dev.workshop.store;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keyed hash that stands for a conversation's id wherever Workshop keeps who did what without the id (the audit
 * trail, the tombstones, a receipt): HMAC-SHA256 under a key of the data directory's or the team's, in hex.
 */
public final class SubjectHash {
    private SubjectHash() {
    }

    public static String of(byte[] key, String conversationId) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(conversationId.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
