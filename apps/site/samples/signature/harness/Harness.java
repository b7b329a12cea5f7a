import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

public final class Harness {
    public static void main(String[] args) throws Exception {
        byte[] body = Files.readAllBytes(Path.of(System.getenv("SAMPLE_BODY_FILE")));
        boolean hmac = WebhookVerifier.verifyFanshelfSignature(
                body, System.getenv("SAMPLE_HMAC_HEADER"), System.getenv("SAMPLE_SECRET"));
        boolean standard = WebhookVerifier.verifyStandardWebhook(
                body,
                System.getenv("SAMPLE_WEBHOOK_ID"),
                System.getenv("SAMPLE_WEBHOOK_TIMESTAMP"),
                System.getenv("SAMPLE_WEBHOOK_SIGNATURE"),
                System.getenv("SAMPLE_WEBHOOK_SECRET"),
                Instant.ofEpochSecond(Long.parseLong(System.getenv("SAMPLE_NOW"))));
        System.out.println("hmac=" + (hmac ? "valid" : "invalid"));
        System.out.println("standard=" + (standard ? "valid" : "invalid"));
    }
}
