import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class WebhookVerifier {
    private WebhookVerifier() {}

    /**
     * Checks X-Fourthwall-Hmac-SHA256 (shop secret) or X-Fourthwall-Hmac-Apps-SHA256 (app HMAC key);
     * the same value also arrives as X-Fanshelf-Hmac-SHA256 / X-Fanshelf-Hmac-Apps-SHA256.
     * rawBody must be the exact bytes received, before any JSON parsing.
     */
    public static boolean verifyFanshelfSignature(byte[] rawBody, String header, String secret) {
        if (header == null || header.isEmpty()) {
            return false;
        }
        byte[] expected = hmacSha256(secret.getBytes(StandardCharsets.UTF_8), rawBody);
        return MessageDigest.isEqual(
                Base64.getEncoder().encodeToString(expected).getBytes(StandardCharsets.US_ASCII),
                header.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Checks the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature.
     * secret as returned by POST /webhooks ("whsec_...": the key is the decoded base64 part); other keys are used as UTF-8.
     */
    public static boolean verifyStandardWebhook(
            byte[] rawBody, String id, String timestamp, String signature, String secret, Instant now) {
        if (id == null || timestamp == null || signature == null || !timestamp.matches("\\d+")) {
            return false;
        }
        if (Math.abs(now.getEpochSecond() - Long.parseLong(timestamp)) > 300) {
            return false;
        }

        byte[] key = secret.startsWith("whsec_")
                ? Base64.getDecoder().decode(secret.substring("whsec_".length()))
                : secret.getBytes(StandardCharsets.UTF_8);
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] signedContent = new byte[prefix.length + rawBody.length];
        System.arraycopy(prefix, 0, signedContent, 0, prefix.length);
        System.arraycopy(rawBody, 0, signedContent, prefix.length, rawBody.length);
        byte[] expected = Base64.getEncoder().encode(hmacSha256(key, signedContent));

        // Several signatures may be sent while a secret is rotated: accept if any v1 signature matches.
        for (String entry : signature.split(" ")) {
            String[] parts = entry.split(",", 2);
            if (parts.length == 2 && parts[0].equals("v1")
                    && MessageDigest.isEqual(expected, parts[1].getBytes(StandardCharsets.US_ASCII))) {
                return true;
            }
        }
        return false;
    }

    private static byte[] hmacSha256(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
